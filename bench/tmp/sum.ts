import { summariseProfile } from "../lib/profile-summary";
console.log(summariseProfile(process.argv[2]!));
