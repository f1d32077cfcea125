import { z } from "zod";
import { createStoreInput } from "./schema";

/** Dotted paths of the members an object schema refuses to go without (nested objects walked). */
export function requiredPaths(schema: z.ZodObject, prefix = ""): Set<string> {
  const out = new Set<string>();
  for (const [key, member] of Object.entries(schema.shape)) {
    const path = `${prefix}${key}`;
    if (member instanceof z.ZodObject) for (const p of requiredPaths(member, `${path}.`)) out.add(p);
    else if (!(member as z.ZodType).safeParse(undefined).success) out.add(path);
  }
  return out;
}

/** The store form's required fields, read from the schema the API applies, so the marks cannot drift. */
export const STORE_REQUIRED_FIELDS = requiredPaths(createStoreInput);
