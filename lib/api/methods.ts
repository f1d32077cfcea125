import { errorBody, jsonResponse } from "./envelope";
import type { EnvelopeFamily } from "@/lib/schema/openapi-types";
import { DomainError } from "@/lib/errors/domain-error";

const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

type Handler = (request: Request) => Promise<Response>;
/** A route's own handlers; apiRoute marks each with its envelope family. */
type Defined = Partial<Record<RouteMethod, ((...args: never[]) => unknown) & { family?: EnvelopeFamily }>>;

function allowHeader(defined: Defined): string {
  const allowed = ROUTE_METHODS.filter((m) => defined[m]);
  return [...allowed, ...(defined.GET ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
}

/**
 * The methods a route does not have, answering 405 METHOD_NOT_ALLOWED in the route's own envelope
 * with an `Allow` header (Next's default is an empty 405), plus OPTIONS listing what it does have.
 * Each route ends with: `export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });`
 * The family is the one the route's handlers were declared with (apiRoute), else `fallback`.
 */
export function otherMethods<D extends Defined>(defined: D, fallback: EnvelopeFamily = "payment") {
  const family = Object.values(defined).find((h) => h?.family !== undefined)?.family ?? fallback;
  const allow = allowHeader(defined);
  const notAllowed = async (request: Request) => {
    const error = new DomainError(
      "METHOD_NOT_ALLOWED",
      `${request.method} is not allowed on ${new URL(request.url).pathname}; allowed: ${allow}`,
      { allow },
    );
    return jsonResponse(errorBody(error, family), 405, { allow });
  };
  const out: Record<string, Handler> = { OPTIONS: async () => new Response(null, { status: 204, headers: { allow } }) };
  for (const method of ROUTE_METHODS) if (!defined[method]) out[method] = notAllowed;
  return out as Record<Exclude<RouteMethod, keyof D>, Handler> & { OPTIONS: Handler };
}
