import { getDb } from "@/lib/db/client";
import { DAY } from "@/lib/time";
import { DomainError } from "./error-codes";

export type StoredResponse = { status: number; body: string };

const RETENTION_MS = DAY;

async function reserve(merchantId: string, key: string, requestHash: string): Promise<boolean> {
  const db = getDb();
  const now = Date.now();
  // A key older than the retention window is forgotten, as if never used.
  await db.deleteFrom("idempotency_keys").where("merchant_id", "=", merchantId).where("idempotency_key", "=", key).where("created_at", "<", now - RETENTION_MS).execute();
  const inserted = await db
    .insertInto("idempotency_keys")
    .values({ merchant_id: merchantId, idempotency_key: key, request_hash: requestHash, state: "RUNNING", response_status: null, response_body: null, created_at: now })
    .onConflict((oc) => oc.columns(["merchant_id", "idempotency_key"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * CONTRACT §12: the first request with a key runs; later ones with the same body replay its
 * response, with another body get 422, and while it still runs get 409. A 5xx outcome is not
 * kept, so the client may retry it.
 */
export async function runIdempotent(
  merchantId: string,
  key: string,
  requestHash: string,
  run: () => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  if (!(await reserve(merchantId, key, requestHash))) {
    const existing = await getDb().selectFrom("idempotency_keys").selectAll().where("merchant_id", "=", merchantId).where("idempotency_key", "=", key).executeTakeFirst();
    if (!existing) return runIdempotent(merchantId, key, requestHash, run);
    if (existing.request_hash !== requestHash) throw new DomainError("IDEMPOTENCY_KEY_REUSED", "this Idempotency-Key was used with a different request");
    if (existing.state === "RUNNING") throw new DomainError("IDEMPOTENCY_REQUEST_IN_PROGRESS", "a request with this Idempotency-Key is still in progress");
    return { status: existing.response_status!, body: existing.response_body!, replayed: true };
  }
  const where = getDb().updateTable("idempotency_keys").where("merchant_id", "=", merchantId).where("idempotency_key", "=", key);
  let outcome: StoredResponse;
  try {
    outcome = await run();
  } catch (error) {
    await getDb().deleteFrom("idempotency_keys").where("merchant_id", "=", merchantId).where("idempotency_key", "=", key).execute();
    throw error;
  }
  if (outcome.status >= 500) {
    await getDb().deleteFrom("idempotency_keys").where("merchant_id", "=", merchantId).where("idempotency_key", "=", key).execute();
  } else {
    await where.set({ state: "DONE", response_status: outcome.status, response_body: outcome.body }).execute();
  }
  return { ...outcome, replayed: false };
}
