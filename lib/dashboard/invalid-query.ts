import type { z } from "zod";

/** A dashboard route's 400 for a query it cannot read, naming the field. */
export function invalidQuery(error: z.ZodError): Response {
  const issue = error.issues[0];
  const field = issue?.path.join(".");
  return Response.json({ code: "INVALID_REQUEST", message: `${field}: ${issue?.message}`, field }, { status: 400 });
}
