import type { AuthContext } from "@/lib/auth/context";
import type { CancellationRow, TransactionRow } from "../transactions/repository";
import { lookUpNow } from "../unsettled/sweep";
import { findAttemptByKey, findCancellationByKey } from "./repository";

/**
 * A request retried with the same Idempotency-Key after its first run died (the idempotency
 * record's lease ended, lib/api/idempotency.ts) runs its verb again. What the first run created
 * carries that key, so the verb answers from it instead of charging or cancelling again; an
 * outcome still unknown is looked up first. Scoped to the caller's merchant, store and payment.
 */
type Scope = { ctx: AuthContext; storeId: string; paymentId: string };

/**
 * The request's key as recorded on what it creates. apiRoute hands verbs the key within its key
 * space (`<store scope>/<key>`, lib/api/handler.ts: a store-limited credential has its own), so
 * the same key sent by another credential is another request. Null without a key.
 */
export function recordedIdempotencyKey(ctx: Pick<AuthContext, "idempotencyKey">): string | null {
  return ctx.idempotencyKey ?? null;
}

function findAttempt({ ctx, storeId, paymentId }: Scope, key: string): Promise<TransactionRow | undefined> {
  return findAttemptByKey({ merchantId: ctx.merchantId, storeId, paymentId }, key);
}

function findCancellation({ ctx, storeId, paymentId }: Scope, key: string): Promise<CancellationRow | undefined> {
  return findCancellationByKey({ merchantId: ctx.merchantId, storeId, paymentId }, key);
}

/** The attempt an earlier run of this request made (looked up at the provider if still unknown), or null. */
export async function earlierAttempt(scope: Scope): Promise<TransactionRow | null> {
  const key = recordedIdempotencyKey(scope.ctx);
  if (!key) return null;
  const found = await findAttempt(scope, key);
  if (!found) return null;
  if (found.status !== "PENDING") return found;
  await lookUpNow("transactions", found.id);
  return (await findAttempt(scope, key))!;
}

/** The cancellation an earlier run of this request made (looked up at the provider if still unknown), or null. */
export async function earlierCancellation(scope: Scope): Promise<CancellationRow | null> {
  const key = recordedIdempotencyKey(scope.ctx);
  if (!key) return null;
  const found = await findCancellation(scope, key);
  if (!found) return null;
  if (found.status !== "REQUESTED") return found;
  await lookUpNow("cancellations", found.id);
  return (await findCancellation(scope, key))!;
}
