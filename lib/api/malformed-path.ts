import { errorBody } from "./envelope";
import type { EnvelopeFamily } from "@/lib/schema/openapi-types";
import { DomainError } from "@/lib/errors/domain-error";

/** The API's path prefixes and their error envelope (CONTRACT §2); anything else is a page. */
const FAMILIES: [RegExp, EnvelopeFamily][] = [
  [/^\/(login\/api-key|identity-verifications|v2\/test-identity-verifications)(\/|$)/, "login"],
  [/^\/v2\/(stores|token-regeneration|signin)(\/|$)/, "platform"],
  [/^\/v2(\/|$)/, "payment"],
];

export function familyOfPath(pathname: string): EnvelopeFamily | null {
  return FAMILIES.find(([re]) => re.test(pathname))?.[1] ?? null;
}

/**
 * A path whose percent-encoding does not decode (`%zz`, bytes that are not UTF-8) makes Next's
 * router answer a plain-text 500 before any route runs. The server (lib/ops/server.ts) asks this
 * first: such a request is 400 INVALID_REQUEST, in the API family's envelope.
 */
export function malformedPathAnswer(url: string): { status: number; contentType: string; body: string } | null {
  const pathname = url.split("?")[0] ?? "";
  try {
    decodeURIComponent(pathname);
    return null;
  } catch {
    const family = familyOfPath(pathname);
    const error = new DomainError("INVALID_REQUEST", "path: malformed percent-encoding", { field: "path" });
    return family
      ? { status: 400, contentType: "application/json", body: JSON.stringify(errorBody(error, family)) }
      : {
          status: 400,
          contentType: "text/plain; charset=utf-8",
          body: "Bad Request: malformed percent-encoding in the path",
        };
  }
}
