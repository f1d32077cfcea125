import { z } from "zod";
import { BIGINT_INPUT_MAX, INT32_MAX } from "./input-rules";

/** Shared zod building blocks, safe on client and server. */

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the one character this pattern exists to refuse.
const NO_NUL = /^[^\u0000]*$/;

/**
 * The one string rule of every input: at most `max` characters and no NUL (PostgreSQL text
 * cannot hold it). `.min(1)`, `.trim()` and formats chain on as usual.
 */
export function text(max: number, params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .max(max, `must be at most ${max} characters`)
    .regex(NO_NUL, "must not contain NUL characters");
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

/**
 * `2026-01-02T03:04:05(.678)?` + `Z` or `±hh:mm`, with two lenient spellings whose meaning is still
 * unambiguous: a space for the `T`, and a space for the offset's `+` (an unencoded `+` in a query
 * string arrives as a space). `+hhmm` is accepted too. No offset at all stays refused (local time
 * of where?).
 */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) ?([Zz]|[+\- ]\d{2}:?\d{2})$/;

/** Normalises a lenient timestamp spelling to RFC 3339, or null when it is not one. */
function normalizeTimestamp(value: string): string | null {
  const m = TIMESTAMP.exec(value.trim());
  if (!m) return null;
  const [, date, time, zone] = m as unknown as [string, string, string, string];
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return null; // 2026-02-30 would roll over
  const offset =
    zone.toUpperCase() === "Z" ? "Z" : `${zone[0] === " " ? "+" : zone[0]}${zone.slice(1, 3)}:${zone.slice(-2)}`;
  return `${date}T${time}${offset}`;
}

/** RFC 3339 timestamp with any offset, parsed to epoch ms (lenient spellings: normalizeTimestamp). */
export const timestamp = z
  .string()
  .max(40)
  .transform((v, ctx) => {
    const normalized = normalizeTimestamp(v);
    const ms = normalized === null ? NaN : Date.parse(normalized);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: "custom", message: "must be an RFC 3339 timestamp, e.g. 2026-01-02T03:04:05+09:00" });
      return z.NEVER;
    }
    return ms;
  });

/** A query array: accepts one value, repeated keys or a comma list. */
export function queryArray<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (v === undefined || v === "") return undefined;
    const list = Array.isArray(v) ? v : [v];
    return list.flatMap((s) => (typeof s === "string" ? s.split(",").filter(Boolean) : [s]));
  }, z.array(item).optional());
}

/**
 * What a query value means, for the OpenAPI document: the query string carries text, but a client
 * passes a number or a boolean (generated clients type the parameter from this).
 */
export const QUERY_TYPE = "x-query-type";

/** A query boolean: true/false in any case (Python's requests sends `True`), also 1/0. */
export const queryBoolean = z
  .string()
  .max(5, "must be true or false")
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(["true", "false", "1", "0"], { error: "must be true or false" }))
  .transform((v) => v === "true" || v === "1")
  .meta({ [QUERY_TYPE]: { type: "boolean" } });

/** A query integer. */
export function queryInt(min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d{1,16}$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .meta({ [QUERY_TYPE]: { type: "integer", minimum: min, maximum: max } });
}
