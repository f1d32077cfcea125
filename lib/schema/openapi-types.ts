import type { z } from "zod";

/**
 * The spec's three error envelopes:
 * - login: `{type, message}` (login and identity verification; PG errors add pgCode, pgMessage)
 * - platform: `{code, params, message}` (onboarding, sub-stores, token regeneration, deprecated login),
 *   with message also inside params (CONTRACT §2)
 * - payment: `{code, params}` (billing keys, schedules, cash receipts, payments, channels)
 */
export type EnvelopeFamily = "login" | "platform" | "payment";

/** One API operation as documented in /openapi.json; built from the same zod schemas the route parses with. */
export type Operation = {
  method: "get" | "post" | "put" | "delete";
  path: string;
  /** Unique and stable: SDK generators name their methods after it. */
  operationId: string;
  summary: string;
  tag: string;
  family: EnvelopeFamily;
  auth: "none" | "token" | "hosting";
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Error statuses this operation documents besides 401/500. */
  errors?: number[];
  deprecated?: boolean;
};
