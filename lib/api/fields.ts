import { z } from "zod";

/** Shared zod building blocks, safe on client and server. */

/** Caller-chosen ids (payment_id, verification id): 1–200 chars, no '/', no whitespace. */
export const callerId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\s/]+$/, "must not contain '/' or whitespace");

/** Money in minor units: a non-negative integer no larger than 10^15. */
export const amount = z
  .number({ error: "must be a number" })
  .int("must be an integer in the currency's minor unit")
  .min(0, "must not be negative")
  .max(1e15, "must be at most 10^15");

/** RFC 3339 timestamp with any offset, parsed to epoch ms. */
export const timestamp = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(v) && !Number.isNaN(Date.parse(v)), {
    message: "must be an RFC 3339 timestamp",
  })
  .transform((v) => Date.parse(v));

/** A query array: accepts one value, repeated keys or a comma list. */
export function queryArray<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (v === undefined || v === "") return undefined;
    const list = Array.isArray(v) ? v : [v];
    return list.flatMap((s) => (typeof s === "string" ? s.split(",").filter(Boolean) : [s]));
  }, z.array(item).optional());
}

/** A query boolean: "true"/"false" (also 1/0). */
export const queryBoolean = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1");

/** A query integer. */
export function queryInt(min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d+$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}
