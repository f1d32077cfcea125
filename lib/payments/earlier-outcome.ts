import { idempotencyScope } from "@/lib/api/idempotency";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import type { CancellationsTable, TransactionsTable } from "@/lib/db/tables/payments";
import { lookUpNow } from "./sweep";

/**
 * A request retried with the same Idempotency-Key after its first run died (the idempotency
 * record's lease ended, lib/api/idempotency.ts) runs its verb again. What the first run created
 * carries that key, so the verb answers from it instead of charging or cancelling again; an
 * outcome still unknown is looked up first. Scoped to the caller's merchant, store and payment.
 */
type Scope = { ctx: AuthContext; storeId: string; paymentId: string };

/**
 * The request's key as recorded on what it creates: within its key space (a store-limited
 * credential has its own, lib/api/idempotency.ts), so the same key sent by another credential is
 * another request. Null without a key.
 */
export function recordedIdempotencyKey(ctx: Pick<AuthContext, "merchantId" | "storeId" | "storeLimited" | "idempotencyKey">): string | null {
  if (!ctx.idempotencyKey) return null;
  return `${idempotencyScope(ctx, ctx.idempotencyKey).storeScope}:${ctx.idempotencyKey}`;
}

async function findAttempt({ ctx, storeId, paymentId }: Scope, key: string): Promise<TransactionsTable | undefined> {
  return getDb()
    .selectFrom("transactions")
    .selectAll()
    .where("merchant_id", "=", ctx.merchantId)
    .where("idempotency_key", "=", key)
    .where("store_id", "=", storeId)
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
}

async function findCancellation({ ctx, storeId, paymentId }: Scope, key: string): Promise<CancellationsTable | undefined> {
  return getDb()
    .selectFrom("cancellations")
    .selectAll()
    .where("merchant_id", "=", ctx.merchantId)
    .where("idempotency_key", "=", key)
    .where("store_id", "=", storeId)
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
}

/** The attempt an earlier run of this request made (looked up at the provider if still unknown), or null. */
export async function earlierAttempt(scope: Scope): Promise<TransactionsTable | null> {
  const key = recordedIdempotencyKey(scope.ctx);
  if (!key) return null;
  const found = await findAttempt(scope, key);
  if (!found) return null;
  if (found.status !== "PENDING") return found;
  await lookUpNow("transactions", found.id);
  return (await findAttempt(scope, key))!;
}

/** The cancellation an earlier run of this request made (looked up at the provider if still unknown), or null. */
export async function earlierCancellation(scope: Scope): Promise<CancellationsTable | null> {
  const key = recordedIdempotencyKey(scope.ctx);
  if (!key) return null;
  const found = await findCancellation(scope, key);
  if (!found) return null;
  if (found.status !== "REQUESTED") return found;
  await lookUpNow("cancellations", found.id);
  return (await findCancellation(scope, key))!;
}
