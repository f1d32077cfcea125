import type { AuthContext } from "@/lib/auth/context";

/** The merchant, store and payment a money operation acts on, resolved once per request or job. */
export type OperationScope = {
  merchantId: string;
  storeId: string;
  paymentId: string;
  /** The request's Idempotency-Key as recorded on what it creates (null without one). */
  idempotencyKey: string | null;
};

export function operationScope(ctx: AuthContext, storeId: string, paymentId: string): OperationScope {
  return { merchantId: ctx.merchantId, storeId, paymentId, idempotencyKey: recordedIdempotencyKey(ctx) };
}

/**
 * The request's key as recorded on what it creates: apiRoute hands verbs the key within its key
 * space (`<store scope>/<key>`), so the same key sent by another credential is another request.
 */
export function recordedIdempotencyKey(ctx: Pick<AuthContext, "idempotencyKey">): string | null {
  return ctx.idempotencyKey ?? null;
}
