import { runAsCaller, type Caller } from "@/lib/audit/actor";
import { newId } from "@/lib/ids";
import { currentRequestContext } from "@/lib/ops/request-context";
import { requestUrl } from "@/lib/ops/request-url";
import { queueRequestLog } from "./buffer";
import { MAX_BODY_CHARS, omittedBody } from "./redact";
import { requestLogEnabled } from "./settings";

type Segment = { params: Promise<Record<string, string | string[] | undefined>> };
type RouteHandler = (request: Request, segment?: Segment) => Promise<Response>;

const PAYMENT_PATH = /^\/payments\/([^/]+)/;

/** Large bodies are dropped here already, so the queue's memory stays bounded. */
function bounded(text: string | undefined): string | null {
  if (text === undefined || text === "") return null;
  return text.length > MAX_BODY_CHARS ? omittedBody(text.length) : text;
}

function declaredLength(request: Request): number {
  return Number(request.headers.get("content-length") ?? 0) || 0;
}

function paymentIdOf(path: string): string | null {
  const id = PAYMENT_PATH.exec(path)?.[1];
  if (!id) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/**
 * Wraps an API route with a caller context and queues one request-log entry for an authenticated
 * caller; bodies are serialised and redacted when the batch is written, off the request's path.
 */
export function recordApiRequests(handler: RouteHandler): RouteHandler {
  return async (request, segment) => {
    const started = performance.now();
    const caller: Caller = {};
    const enabled = requestLogEnabled();
    const response = await runAsCaller(caller, () => handler(request, segment));
    if (!enabled || !caller.merchantId || !caller.storeId) return response;
    const url = requestUrl(request);
    const path = url.pathname.replace(/^\/v2(?=\/)/, "");
    queueRequestLog({
      id: newId("rql_"),
      merchant_id: caller.merchantId,
      store_id: caller.storeId,
      api_key_id: caller.apiKeyId ?? null,
      method: request.method,
      path: url.pathname + url.search,
      payment_id: paymentIdOf(path),
      status: response.status,
      latency_ms: Math.round(performance.now() - started),
      request_id: response.headers.get("x-request-id") ?? currentRequestContext()?.requestId ?? "",
      idempotency_key: request.headers.get("idempotency-key")?.slice(0, 255) ?? null,
      ...(declaredLength(request) > MAX_BODY_CHARS
        ? { request_body: null, request_body_omitted: declaredLength(request) }
        : { request_body: caller.requestJson ?? null }),
      response_body: bounded(caller.responseText),
      created_at: Date.now(),
    });
    return response;
  };
}
