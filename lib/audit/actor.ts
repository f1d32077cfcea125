import { AsyncLocalStorage } from "node:async_hooks";
import type { AuthContext } from "@/lib/auth/context";

/** Who makes a change: a dashboard user, an API key, or the platform itself (admin CLI). */
export type Actor =
  | { type: "USER"; id: string; name: string; ip: string | null }
  | { type: "API_KEY"; id: string; name: string; ip: string | null }
  | { type: "SYSTEM"; id: null; name: string; ip: null };

/**
 * The caller of the current API request or dashboard action, filled once authentication knows
 * it; for API requests also what was exchanged (the request log reads it, no body is read twice).
 */
export type Caller = {
  actor?: Actor;
  merchantId?: string;
  storeId?: string;
  apiKeyId?: string;
  requestJson?: unknown;
  responseText?: string;
};

// On globalThis: route bundles and scripts may load separate copies of this module.
const shared = globalThis as unknown as { __platformCaller?: AsyncLocalStorage<Caller> };
shared.__platformCaller ??= new AsyncLocalStorage<Caller>();
const storage = shared.__platformCaller;

export function runAsCaller<T>(caller: Caller, fn: () => T): T {
  return storage.run(caller, fn);
}

export function currentCaller(): Caller | undefined {
  return storage.getStore();
}

/** apiRoute calls this right after authentication: later writes are attributed to the key. */
export function noteApiCaller(ctx: AuthContext | null): void {
  const caller = storage.getStore();
  if (!caller || !ctx) return;
  caller.merchantId = ctx.merchantId;
  caller.storeId = ctx.storeId;
  if (ctx.apiKey) {
    caller.apiKeyId = ctx.apiKey.id;
    caller.actor = {
      type: "API_KEY",
      id: ctx.apiKey.id,
      name: `${ctx.apiKey.name} (${ctx.apiKey.prefix}…)`,
      ip: ctx.origin.ip_address || null,
    };
  }
}

/** apiRoute: the parsed request body, for the request log. */
export function noteRequestBody(json: unknown): void {
  const caller = storage.getStore();
  if (caller) caller.requestJson = json;
}

/** apiRoute: the response body as sent, for the request log. */
export function noteResponseBody(text: string): void {
  const caller = storage.getStore();
  if (caller) caller.responseText = text;
}
