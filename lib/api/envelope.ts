import { type DomainError, type ErrorCode, ProviderError } from "@/lib/errors/domain-error";
import type { EnvelopeFamily } from "@/lib/schema/openapi-types";
import { apiSecurityHeaders } from "@/lib/security/headers";

/** Identity and platform endpoints name the 403 FORBIDDEN; payment endpoints PERMISSION_DENIED. */
function codeForFamily(code: ErrorCode, family: EnvelopeFamily): string {
  if (code === "PERMISSION_DENIED" && family !== "payment") return "FORBIDDEN";
  if (code === "FORBIDDEN" && family === "payment") return "PERMISSION_DENIED";
  if (code === "PG_PROVIDER_ERROR" && family === "login") return "PG_PROVIDER";
  return code;
}

export function errorBody(error: DomainError, family: EnvelopeFamily): Record<string, unknown> {
  const code = codeForFamily(error.code, family);
  if (family === "login") {
    const body: Record<string, unknown> = { type: code, message: error.message };
    if (error instanceof ProviderError) Object.assign(body, { pgCode: error.pgCode, pgMessage: error.pgMessage });
    return body;
  }
  if (family === "platform") {
    return { code, params: { ...error.params, message: error.message }, message: error.message };
  }
  if (error instanceof ProviderError) return { code, params: error.params };
  return { code, params: { ...error.params, message: error.message } };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...apiSecurityHeaders(), ...headers },
  });
}
