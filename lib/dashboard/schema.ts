import { z } from "zod";
import { text } from "@/lib/schema/fields";

export const signInInput = z.object({
  email: text(200).trim().email(),
  password: text(200).min(1),
});
export type SignInInput = z.infer<typeof signInInput>;
