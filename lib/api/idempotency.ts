import type { ExpressionBuilder } from "kysely";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import type { DB } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/ops/logger";
import { DAY } from "@/lib/time";
import { DomainError } from "@/lib/errors/domain-error";

export type StoredResponse = { status: number; body: string };

/** Whose key space a key lives in: the merchant and the store scope of the credential. */
export type IdempotencyScope = { merchantId: string; storeScope: string; key: string };

const RETENTION_MS = DAY;

/**
 * How long a running request holds its key without renewing it: a retry after a crash waits at
 * most this long (CONTRACT §12: well under a minute). Renewed every quarter lease while it runs.
 */
export function idempotencyLeaseMs(): number {
  const value = Number(process.env.IDEMPOTENCY_LEASE_MS);
  return value > 0 ? value : 20_000;
}

/** A store-limited credential has its own key space; a merchant-wide one shares "*". */
export function idempotencyScope(ctx: Pick<AuthContext, "merchantId" | "storeId" | "storeLimited">, key: string): IdempotencyScope {
  return { merchantId: ctx.merchantId, storeScope: ctx.storeLimited ? ctx.storeId : "*", key };
}

/** The record of this key in this scope (the primary key). */
function sameKey(scope: IdempotencyScope) {
  return (eb: ExpressionBuilder<DB, "idempotency_keys">) => eb.and({ merchant_id: scope.merchantId, store_scope: scope.storeScope, idempotency_key: scope.key });
}

function keyRow(scope: IdempotencyScope) {
  return getDb()
    .selectFrom("idempotency_keys")
    .selectAll()
    .where(sameKey(scope));
}

function updateKey(scope: IdempotencyScope, owner: string) {
  return getDb()
    .updateTable("idempotency_keys")
    .where(sameKey(scope))
    .where("lease_owner", "=", owner);
}

/** Inserts the key as RUNNING for `owner`; false when the key exists (and is within 24 h). */
async function reserve(scope: IdempotencyScope, requestHash: string, owner: string): Promise<boolean> {
  const db = getDb();
  const now = Date.now();
  // A key older than the retention window is forgotten, as if never used.
  await db
    .deleteFrom("idempotency_keys")
    .where(sameKey(scope))
    .where("created_at", "<", now - RETENTION_MS)
    .execute();
  const inserted = await db
    .insertInto("idempotency_keys")
    .values({
      merchant_id: scope.merchantId,
      store_scope: scope.storeScope,
      idempotency_key: scope.key,
      request_hash: requestHash,
      state: "RUNNING",
      response_status: null,
      response_body: null,
      lease_owner: owner,
      locked_until: now + idempotencyLeaseMs(),
      created_at: now,
    })
    .onConflict((oc) => oc.columns(["merchant_id", "store_scope", "idempotency_key"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes over a RUNNING key whose lease ended (its request's process died); one retry wins. */
async function takeOver(scope: IdempotencyScope, expiredUntil: number, owner: string): Promise<boolean> {
  const result = await getDb()
    .updateTable("idempotency_keys")
    .set({ lease_owner: owner, locked_until: Date.now() + idempotencyLeaseMs() })
    .where(sameKey(scope))
    .where("state", "=", "RUNNING")
    .where("locked_until", "=", expiredUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Renews the lease while the request runs, so a slow request is never taken over. */
function keepLease(scope: IdempotencyScope, owner: string): () => void {
  const leaseMs = idempotencyLeaseMs();
  let renewing = false;
  const timer = setInterval(() => {
    if (renewing) return;
    renewing = true;
    updateKey(scope, owner)
      .set({ locked_until: Date.now() + leaseMs })
      .execute()
      .catch((error: unknown) => logger.error({ err: error }, "idempotency lease renewal failed"))
      .finally(() => (renewing = false));
  }, Math.max(25, Math.floor(leaseMs / 4)));
  timer.unref();
  return () => clearInterval(timer);
}

/** Runs the request holding the key, then keeps its response (a 5xx or a throw frees the key). */
async function runHolding<T extends StoredResponse>(scope: IdempotencyScope, owner: string, run: () => Promise<T>): Promise<T> {
  const release = keepLease(scope, owner);
  let outcome: T;
  try {
    outcome = await run();
  } catch (error) {
    release();
    await forget(scope, owner);
    throw error;
  }
  release();
  // A 5xx or a 429 says "try again": keeping it would replay the failure (or outlive the block).
  if (outcome.status >= 500 || outcome.status === 429) await forget(scope, owner);
  else await updateKey(scope, owner).set({ state: "DONE", response_status: outcome.status, response_body: outcome.body, lease_owner: null }).execute();
  return outcome;
}

function forget(scope: IdempotencyScope, owner: string) {
  return getDb()
    .deleteFrom("idempotency_keys")
    .where(sameKey(scope))
    .where("lease_owner", "=", owner)
    .execute();
}

/**
 * CONTRACT §12: the first request with a key runs; later ones with the same body replay its
 * response, with another body get 422, and while it still runs get 409. A request that died holds
 * its key only until its lease ends; a retry then takes the key over and runs again (the verb sees
 * the key in ctx.idempotencyKey, so it answers the settled outcome instead of acting twice). A 5xx
 * outcome (or a 429) is not kept, so the client may retry it.
 */
export async function runIdempotent<T extends StoredResponse>(
  scope: IdempotencyScope,
  requestHash: string,
  run: () => Promise<T>,
): Promise<(T | StoredResponse) & { replayed: boolean }> {
  const owner = newId("req_");
  for (;;) {
    if (await reserve(scope, requestHash, owner)) return { ...(await runHolding(scope, owner, run)), replayed: false };
    const existing = await keyRow(scope).executeTakeFirst();
    if (!existing) continue; // freed meanwhile (a 5xx, or expired): reserve again
    if (existing.request_hash !== requestHash) throw new DomainError("IDEMPOTENCY_KEY_REUSED", "this Idempotency-Key was used with a different request");
    if (existing.state === "DONE") return { status: existing.response_status!, body: existing.response_body!, replayed: true };
    if (existing.locked_until >= Date.now()) throw new DomainError("IDEMPOTENCY_REQUEST_IN_PROGRESS", "a request with this Idempotency-Key is still in progress");
    if (await takeOver(scope, existing.locked_until, owner)) return { ...(await runHolding(scope, owner, run)), replayed: false };
  }
}
