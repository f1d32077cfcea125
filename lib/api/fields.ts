import { z } from "zod";
import { BIGINT_INPUT_MAX, INT32_MAX } from "./input-rules";

/** Shared zod building blocks, safe on client and server. */

const NO_NUL = /^[^\u0000]*$/;

/**
 * The one string rule of every input: at most `max` characters and no NUL (PostgreSQL text
 * cannot hold it). `.min(1)`, `.trim()` and formats chain on as usual.
 */
export function text(max: number, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).max(max, `must be at most ${max} characters`).regex(NO_NUL, "must not contain NUL characters");
}

/** A reference to one of our ids or keys (store_id, channel_key, billing_key, tx_id, …). */
export const idRef = text(200).min(1);

/** An integer that fits an INTEGER column (product_count, installment months, …). */
export function int32(min = 0, max = INT32_MAX) {
  return z.number({ error: "must be a number" }).int("must be an integer").min(min).max(Math.min(max, INT32_MAX));
}

/** An http(s) URL a webhook may be sent to. */
export const webhookUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(2000);

/** Caller-chosen ids (payment_id, verification id): 1–200 chars, no '/', no whitespace, no NUL. */
export const callerId = text(200)
  .min(1)
  .regex(/^[^\s/]+$/, "must not contain '/' or whitespace");

/** Money in minor units: a non-negative integer no larger than 10^15. */
export const amount = z
  .number({ error: "must be a number" })
  .int("must be an integer in the currency's minor unit")
  .min(0, "must not be negative")
  .max(BIGINT_INPUT_MAX, "must be at most 10^15");

/** RFC 3339 timestamp with any offset, parsed to epoch ms. */
export const timestamp = z
  .string()
  .max(40)
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
    .regex(/^-?\d{1,16}$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}
