import type { z } from "zod";
import type { EnvelopeFamily } from "./envelope";

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
