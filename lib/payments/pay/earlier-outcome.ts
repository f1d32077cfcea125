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
 * The request's key as recorded on what it creates. apiRoute hands verbs the key within its key
 * space (`<store scope>/<key>`, lib/api/handler.ts: a store-limited credential has its own), so
 * the same key sent by another credential is another request. Null without a key.
 */
export function recordedIdempotencyKey(ctx: Pick<AuthContext, "idempotencyKey">): string | null {
  return ctx.idempotencyKey ?? null;
}

/** The row this request's earlier run created in `table`: same merchant, store, payment and key. */
function findByKey<T extends "transactions" | "cancellations">(
  table: T,
  { ctx, storeId, paymentId }: Scope,
  key: string,
) {
  return getDb()
    .selectFrom(table as "transactions" | "cancellations")
    .selectAll()
    .where("merchant_id", "=", ctx.merchantId)
    .where("idempotency_key", "=", key)
    .where("store_id", "=", storeId)
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
}

function findAttempt(scope: Scope, key: string): Promise<TransactionsTable | undefined> {
  return findByKey("transactions", scope, key) as Promise<TransactionsTable | undefined>;
}

function findCancellation(scope: Scope, key: string): Promise<CancellationsTable | undefined> {
  return findByKey("cancellations", scope, key) as Promise<CancellationsTable | undefined>;
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
