import { jsonResponse, errorBody } from "./envelope";
import type { EnvelopeFamily } from "@/lib/schema/openapi-types";
import { DomainError } from "@/lib/errors/domain-error";

/** Unknown API paths answer JSON in the family's envelope, never Next's HTML 404 page. */
export function notFoundRoute(family: EnvelopeFamily) {
  const handler = async (request: Request) =>
    jsonResponse(
      errorBody(
        new DomainError("NOT_FOUND", `no route for ${request.method} ${new URL(request.url).pathname}`),
        family,
      ),
      404,
    );
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}
