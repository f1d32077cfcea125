import { closeDb } from "@/lib/db/client";
import { migrateToLatest } from "@/lib/db/migrations/index";

await migrateToLatest();
await closeDb();
console.log("database is up to date");
