import { AsyncLocalStorage } from "node:async_hooks";
import { newId } from "@/lib/ids";

/** What every log line written while serving one API request carries. */
export type RequestContext = { requestId: string; merchantId?: string };

// On globalThis: the route bundles and the start script load separate copies of this module.
const shared = globalThis as unknown as { __platformRequestContext?: AsyncLocalStorage<RequestContext> };
shared.__platformRequestContext ??= new AsyncLocalStorage<RequestContext>();
const storage = shared.__platformRequestContext;

/** A caller's X-Request-Id is kept only when it is a short, plain token (it is echoed and logged). */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(request: Request): string {
  const given = request.headers.get("x-request-id");
  return given && CLIENT_REQUEST_ID.test(given) ? given : newId("req_");
}

export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Records who is calling once authentication has said so. */
export function noteMerchant(merchantId: string | undefined): void {
  const context = storage.getStore();
  if (context && merchantId) context.merchantId = merchantId;
}
