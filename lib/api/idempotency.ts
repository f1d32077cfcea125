import type { AuthContext } from "@/lib/auth/context";
import type { Transaction } from "@/lib/db/transaction";
import {
  completeKey,
  findKey,
  forgetKey,
  renewKeyLease,
  reserveKey,
  takeOverKey,
  type IdempotencyScope,
} from "@/lib/idempotency/repository";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/ops/logger";
import { DAY, latestHonest } from "@/lib/time";
import { DomainError } from "@/lib/errors/domain-error";

export type StoredResponse = { status: number; body: string };

export type { IdempotencyScope } from "@/lib/idempotency/repository";

const RETENTION_MS = DAY;

/**
 * How long a running request holds its key without renewing it: a retry after a crash waits at
 * most this long (CONTRACT §12: well under a minute). Renewed every quarter lease while it runs.
 */
function idempotencyLeaseMs(): number {
  const value = Number(process.env.IDEMPOTENCY_LEASE_MS);
  return value > 0 ? value : 20_000;
}

/** A store-limited credential has its own key space; a merchant-wide one shares "*". */
export function idempotencyScope(
  ctx: Pick<AuthContext, "merchantId" | "storeId" | "storeLimited">,
  key: string,
): IdempotencyScope {
  return { merchantId: ctx.merchantId, storeScope: ctx.storeLimited ? ctx.storeId : "*", key };
}

/** Inserts the key as RUNNING for `owner`; false when the key exists (and is within 24 h). */
async function reserve(scope: IdempotencyScope, requestHash: string, owner: string): Promise<boolean> {
  const now = Date.now();
  // A key older than the retention window is forgotten, as if never used (the new record replaces it).
  const lockedUntil = now + idempotencyLeaseMs();
  return reserveKey(scope, { requestHash, owner, lockedUntil, now, forgetBefore: now - RETENTION_MS });
}

/** Renews the lease while the request runs, so a slow request is never taken over. */
function keepLease(scope: IdempotencyScope, owner: string): () => void {
  const leaseMs = idempotencyLeaseMs();
  let renewing = false;
  const timer = setInterval(
    () => {
      if (renewing) return;
      renewing = true;
      renewKeyLease(scope, owner, Date.now() + leaseMs)
        .catch((error: unknown) => logger.error({ err: error }, "idempotency lease renewal failed"))
        .finally(() => (renewing = false));
    },
    Math.max(25, Math.floor(leaseMs / 4)),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Keeps a response as the key's answer inside the transaction that records the request's outcome
 * (lib/auth/context.ts, keepAnswer).
 */
export type KeepResponse = (tx: Transaction, response: StoredResponse) => Promise<void>;

/** Runs the request holding the key, then keeps its response (a 5xx or a throw frees the key). */
async function runHolding<T extends StoredResponse>(
  scope: IdempotencyScope,
  owner: string,
  run: (keep: KeepResponse) => Promise<T>,
): Promise<T> {
  const release = keepLease(scope, owner);
  let kept: StoredResponse | undefined;
  const keep: KeepResponse = async (tx, response) => {
    await completeKey(scope, owner, response, tx);
    kept = response;
  };
  let outcome: T;
  try {
    outcome = await run(keep);
  } catch (error) {
    release();
    await forgetKey(scope, owner);
    throw error;
  }
  release();
  // Kept with the outcome, in its commit. (Were that transaction rolled back and the same answer
  // reached another way, the key stays RUNNING until its lease ends; the retry then answers from
  // what the verb recorded, as after a crash.)
  if (kept && kept.status === outcome.status && kept.body === outcome.body) return outcome;
  // A 5xx or a 429 says "try again": keeping it would replay the failure (or outlive the block).
  if (outcome.status >= 500 || outcome.status === 429) await forgetKey(scope, owner);
  else await completeKey(scope, owner, outcome);
  return outcome;
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
  run: (keep: KeepResponse) => Promise<T>,
): Promise<(T | StoredResponse) & { replayed: boolean }> {
  const owner = newId("req_");
  for (;;) {
    if (await reserve(scope, requestHash, owner)) return { ...(await runHolding(scope, owner, run)), replayed: false };
    const existing = await findKey(scope);
    if (!existing) continue; // freed meanwhile (a 5xx, or expired): reserve again
    if (existing.request_hash !== requestHash)
      throw new DomainError("IDEMPOTENCY_KEY_REUSED", "this Idempotency-Key was used with a different request");
    if (existing.state === "DONE")
      return { status: existing.response_status!, body: existing.response_body!, replayed: true };
    // A lease further ahead than a lease lasts was written by a clock that ran ahead: it has ended.
    const now = Date.now();
    if (existing.locked_until >= now && existing.locked_until <= latestHonest(idempotencyLeaseMs(), now))
      throw new DomainError(
        "IDEMPOTENCY_REQUEST_IN_PROGRESS",
        "a request with this Idempotency-Key is still in progress",
      );
    if (
      await takeOverKey(scope, {
        expiredUntil: existing.locked_until,
        owner,
        lockedUntil: Date.now() + idempotencyLeaseMs(),
      })
    )
      return { ...(await runHolding(scope, owner, run)), replayed: false };
  }
}
