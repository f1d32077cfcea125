import type { z } from "zod";
import { findUnsafeInput } from "./input-rules";

export type Validated<T> = { ok: true; data: T } | { ok: false; message: string; field: string };

function label(where: string | undefined, path: readonly PropertyKey[]): string {
  return [...(where ? [where] : []), ...path.map(String)].join(".") || "(input)";
}

/**
 * The one input check of API routes and dashboard actions: the shared input rules first (no NUL,
 * bounded strings and nesting), then the zod schema. A failure names the field
 * (`body.customer.name: Required`; up to five); `field` is the path without `where`.
 */
export function validateInput<S extends z.ZodType>(schema: S, raw: unknown, where?: string): Validated<z.output<S>> {
  const unsafe = findUnsafeInput(raw);
  if (unsafe)
    return { ok: false, field: unsafe.path.join("."), message: `${label(where, unsafe.path)}: ${unsafe.message}` };
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const issues = result.error.issues;
  return {
    ok: false,
    field: issues[0]?.path.map(String).join(".") ?? "",
    message: issues
      .slice(0, 5)
      .map((issue) => `${label(where, issue.path)}: ${issue.message}`)
      .join("; "),
  };
}
