import { z } from "zod";
import { noteApiCaller, noteRequestBody, noteResponseBody } from "@/lib/audit/actor";
import { authenticate } from "@/lib/auth/authenticate";
import type { AuthContext } from "@/lib/auth/context";
import { sha256 } from "@/lib/crypto";
import { logger } from "@/lib/ops/logger";
import { observeRequests } from "@/lib/ops/observe-request";
import { currentRequestContext, noteMerchant, requestIdFor } from "@/lib/ops/request-context";
import { requestUrl } from "@/lib/ops/request-url";
import { recordApiRequests } from "@/lib/request-log/capture";
import { apiSecurityHeaders } from "@/lib/security/headers";
import { type AmountMembers, declaredMembers, guardAmountMembers } from "./amount-members";
import { readJsonBody } from "./body";
import { errorBody } from "./envelope";
import type { EnvelopeFamily } from "@/lib/schema/openapi-types";
import { isStorageFailure } from "@/lib/db/transaction";
import { asDomainError, DomainError, StorageUnavailableError, ThrottledError } from "@/lib/errors/domain-error";
import { noteStorageFailure } from "@/lib/ops/storage-health";
import { requireHostingContract } from "@/lib/tenancy/hosting";
import { ERROR_STATUS } from "./error-codes";
import { idempotencyScope, type KeepResponse, runIdempotent, type StoredResponse } from "./idempotency";
import { queryToObject } from "./query";
import { validateInput } from "@/lib/schema/validate";

type Auth = "none" | "token" | "hosting";

type RouteConfig<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A extends Auth> = {
  family: EnvelopeFamily;
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  /** Money-moving bodies (cancel, pay, void): amount aliases and stray amount members (CONTRACT §5). */
  amounts?: AmountMembers;
  /** POSTs honour Idempotency-Key unless this is false. */
  idempotent?: boolean;
};

type Args<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A extends Auth> = {
  ctx: A extends "none" ? null : AuthContext;
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  request: Request;
};

type Segment = { params: Promise<Record<string, string | string[] | undefined>> };

const EMPTY = z.object({});

/** `sentAs`: members renamed from an alias, so a failure names the member the client sent. */
function parsePart<S extends z.ZodType>(
  where: string,
  schema: S,
  value: unknown,
  sentAs: Record<string, string> = {},
): z.output<S> {
  const result = validateInput(schema, value, where);
  if (result.ok) return result.data;
  let { message, field } = result;
  for (const [member, alias] of Object.entries(sentAs)) {
    message = message.replaceAll(`${where}.${member}:`, `${where}.${alias}:`);
    if (field === member) field = alias;
  }
  throw new DomainError("INVALID_REQUEST", message, { field });
}

/** A response to send; `headers` (Retry-After) are not part of what idempotency stores. */
type Outcome = StoredResponse & { headers?: Record<string, string> };

function toResponse(outcome: Outcome, headers: Record<string, string>): Response {
  noteResponseBody(outcome.body);
  return new Response(outcome.body, {
    status: outcome.status,
    headers: { "content-type": "application/json", ...apiSecurityHeaders(), ...headers, ...outcome.headers },
  });
}

function failure(error: unknown, family: EnvelopeFamily, requestId: string): Outcome {
  if (isStorageFailure(error)) {
    // Disk full or an I/O fault: nothing wrong with the request, so 503 and retry, not a 500.
    noteStorageFailure();
    logger.error({ err: error, requestId }, "the database refused a write (space or I/O)");
    return failure(new StorageUnavailableError(), family, requestId);
  }
  if (error instanceof ThrottledError || error instanceof StorageUnavailableError)
    return {
      status: ERROR_STATUS[error.code],
      body: JSON.stringify(errorBody(error, family)),
      headers: { "retry-after": String(error.retryAfterSeconds) },
    };
  const domain = asDomainError(error);
  if (domain) return { status: ERROR_STATUS[domain.code], body: JSON.stringify(errorBody(domain, family)) };
  logger.error({ err: error, requestId }, "unhandled error");
  return {
    status: 500,
    body: JSON.stringify(errorBody(new DomainError("SERVICE_ERROR", `internal error (request ${requestId})`), family)),
  };
}

/**
 * The one wrapper every API route uses: authenticate, parse path/query/body with zod, run the
 * service verb, and answer with JSON or the family's error envelope. Unknown failures become
 * 500 SERVICE_ERROR, logged with the request id, never shown.
 */
export function apiRoute<
  P extends z.ZodType = typeof EMPTY,
  Q extends z.ZodType = typeof EMPTY,
  B extends z.ZodType = typeof EMPTY,
  A extends Auth = Auth,
>(config: RouteConfig<P, Q, B, A>, handler: (args: Args<P, Q, B, A>) => Promise<unknown>) {
  // The body schema's members, for the amount-member guard: the same on every request.
  const declared = config.amounts ? declaredMembers(config.body) : undefined;
  const route = observeRequests(
    recordApiRequests(async (request: Request, segment?: Segment): Promise<Response> => {
      const requestId = currentRequestContext()?.requestId ?? requestIdFor(request);
      const headers = { "x-request-id": requestId };
      try {
        const ctx = config.auth === "none" ? null : await authenticate(request);
        noteMerchant(ctx?.merchantId);
        noteApiCaller(ctx);
        if (config.auth === "hosting") requireHostingContract(ctx!);
        const rawParams = (await segment?.params) ?? {};
        const params = parsePart("path", config.params ?? EMPTY, rawParams);
        const query = parsePart("query", config.query ?? EMPTY, queryToObject(requestUrl(request).searchParams));
        const rawBody = config.body || config.amounts ? await readJsonBody(request) : undefined;
        noteRequestBody(rawBody);
        const checked = config.amounts
          ? guardAmountMembers(rawBody, declared!, config.amounts)
          : { body: rawBody, sentAs: {} };
        const body = config.body ? parsePart("body", config.body, checked.body ?? {}, checked.sentAs) : {};
        const run = async (idempotencyKey?: string, keep?: KeepResponse): Promise<Outcome> => {
          try {
            // keepAnswer: what run() would send for the verb's answer, kept by the verb with its outcome.
            const keepAnswer: AuthContext["keepAnswer"] =
              keep && ((tx, answer) => keep(tx, { status: 200, body: JSON.stringify(answer ?? {}) }));
            const callCtx = ctx && idempotencyKey !== undefined ? { ...ctx, idempotencyKey, keepAnswer } : ctx;
            const result = await handler({ ctx: callCtx, params, query, body, request } as Args<P, Q, B, A>);
            return { status: 200, body: JSON.stringify(result ?? {}) };
          } catch (error) {
            return failure(error, config.family, requestId);
          }
        };
        const key = request.headers.get("idempotency-key");
        if (ctx && key !== null && request.method === "POST" && config.idempotent !== false) {
          if (key.length < 1 || key.length > 255)
            throw new DomainError("INVALID_REQUEST", "Idempotency-Key must be 1–255 characters");
          const url = requestUrl(request);
          const hash = sha256(`${request.method} ${url.pathname}${url.search} ${JSON.stringify(rawBody ?? null)}`);
          const scope = idempotencyScope(ctx, key);
          // Verbs record the key on what they create: scoped, so another key space's same key is another request.
          const outcome = await runIdempotent(scope, hash, (keep) => run(`${scope.storeScope}/${key}`, keep));
          return toResponse(outcome, outcome.replayed ? { ...headers, "idempotent-replayed": "true" } : headers);
        }
        return toResponse(await run(), headers);
      } catch (error) {
        return toResponse(failure(error, config.family, requestId), headers);
      }
    }),
  );
  // otherMethods() answers the route's missing methods in this family's envelope.
  return Object.assign(route, { family: config.family });
}
