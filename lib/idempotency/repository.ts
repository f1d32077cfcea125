import type { ExpressionBuilder } from "kysely";
import { getDb } from "@/lib/db/client";
import type { DB } from "@/lib/db/schema";
import type { IdempotencyKeysTable } from "@/lib/db/tables/foundation";

/** Whose key space a key lives in: the merchant and the store scope of the credential. */
export type IdempotencyScope = { merchantId: string; storeScope: string; key: string };
export type IdempotencyKeyRecord = IdempotencyKeysTable;

/** The record of this key in this scope (the primary key). */
function sameKey(scope: IdempotencyScope) {
  return (eb: ExpressionBuilder<DB, "idempotency_keys">) =>
    eb.and({ merchant_id: scope.merchantId, store_scope: scope.storeScope, idempotency_key: scope.key });
}

function heldBy(scope: IdempotencyScope, owner: string) {
  return getDb().updateTable("idempotency_keys").where(sameKey(scope)).where("lease_owner", "=", owner);
}

export function findKey(scope: IdempotencyScope): Promise<IdempotencyKeyRecord | undefined> {
  return getDb().selectFrom("idempotency_keys").selectAll().where(sameKey(scope)).executeTakeFirst();
}

/** Forgets the key if it was created before `before` (past its retention window). */
export async function deleteKeyCreatedBefore(scope: IdempotencyScope, before: number): Promise<void> {
  await getDb().deleteFrom("idempotency_keys").where(sameKey(scope)).where("created_at", "<", before).execute();
}

/** Inserts the key as RUNNING for `owner`; false when the key exists. */
export async function insertRunningKey(
  scope: IdempotencyScope,
  input: { requestHash: string; owner: string; lockedUntil: number; now: number },
): Promise<boolean> {
  const inserted = await getDb()
    .insertInto("idempotency_keys")
    .values({
      merchant_id: scope.merchantId,
      store_scope: scope.storeScope,
      idempotency_key: scope.key,
      request_hash: input.requestHash,
      state: "RUNNING",
      response_status: null,
      response_body: null,
      lease_owner: input.owner,
      locked_until: input.lockedUntil,
      created_at: input.now,
    })
    .onConflict((oc) => oc.columns(["merchant_id", "store_scope", "idempotency_key"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes over a RUNNING key whose lease (`expiredUntil`) ended; true for the one retry that wins. */
export async function takeOverKey(
  scope: IdempotencyScope,
  input: { expiredUntil: number; owner: string; lockedUntil: number },
): Promise<boolean> {
  const result = await getDb()
    .updateTable("idempotency_keys")
    .set({ lease_owner: input.owner, locked_until: input.lockedUntil })
    .where(sameKey(scope))
    .where("state", "=", "RUNNING")
    .where("locked_until", "=", input.expiredUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends the holder's lease (a no-op once someone else holds the key). */
export async function renewKeyLease(scope: IdempotencyScope, owner: string, lockedUntil: number): Promise<void> {
  await heldBy(scope, owner).set({ locked_until: lockedUntil }).execute();
}

/** Keeps the holder's response for replay and releases the key. */
export async function completeKey(
  scope: IdempotencyScope,
  owner: string,
  response: { status: number; body: string },
): Promise<void> {
  await heldBy(scope, owner)
    .set({ state: "DONE", response_status: response.status, response_body: response.body, lease_owner: null })
    .execute();
}

/** Frees the key the holder still holds, so a retry runs afresh. */
export async function forgetKey(scope: IdempotencyScope, owner: string): Promise<void> {
  await getDb().deleteFrom("idempotency_keys").where(sameKey(scope)).where("lease_owner", "=", owner).execute();
}
