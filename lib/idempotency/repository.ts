import type { ExpressionBuilder } from "kysely";
import { getDb } from "@/lib/db/client";
import { executeShaped } from "@/lib/db/precompiled";
import { durableWrite, type Executor, type Transaction } from "@/lib/db/transaction";
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

/** The key's record held by `owner`, as bound values (for statements built once: executeShaped). */
function keyOf(scope: IdempotencyScope, owner: string) {
  return {
    merchant_id: scope.merchantId,
    store_scope: scope.storeScope,
    idempotency_key: scope.key,
    lease_owner: owner,
  };
}

function heldByRow(v: ReturnType<typeof keyOf>) {
  return (eb: ExpressionBuilder<DB, "idempotency_keys">) =>
    eb.and({
      merchant_id: v.merchant_id,
      store_scope: v.store_scope,
      idempotency_key: v.idempotency_key,
      lease_owner: v.lease_owner,
    });
}

function heldBy(scope: IdempotencyScope, owner: string) {
  return getDb().updateTable("idempotency_keys").where(sameKey(scope)).where("lease_owner", "=", owner);
}

export function findKey(scope: IdempotencyScope): Promise<IdempotencyKeyRecord | undefined> {
  return getDb().selectFrom("idempotency_keys").selectAll().where(sameKey(scope)).executeTakeFirst();
}

/**
 * Reserves the key for `owner` as RUNNING: a new record, or one taking the place of a record created
 * before `forgetBefore` (past its retention: forgotten, as if never used). False when a record within
 * its retention holds the key. One statement, built once (every keyed POST runs it), durable in a
 * group commit on SQLite.
 */
export async function reserveKey(
  scope: IdempotencyScope,
  input: { requestHash: string; owner: string; lockedUntil: number; now: number; forgetBefore: number },
): Promise<boolean> {
  const row = {
    merchant_id: scope.merchantId,
    store_scope: scope.storeScope,
    idempotency_key: scope.key,
    request_hash: input.requestHash,
    state: "RUNNING" as const,
    response_status: null,
    response_body: null,
    lease_owner: input.owner,
    locked_until: input.lockedUntil,
    created_at: input.now,
    forget_before: input.forgetBefore,
  };
  const result = await durableWrite((db) =>
    executeShaped(db, "idempotency.reserve", row, ({ forget_before, ...values }) =>
      db
        .insertInto("idempotency_keys")
        .values(values)
        .onConflict((oc) =>
          oc
            .columns(["merchant_id", "store_scope", "idempotency_key"])
            .doUpdateSet((eb) => ({
              request_hash: eb.ref("excluded.request_hash"),
              state: eb.ref("excluded.state"),
              response_status: eb.ref("excluded.response_status"),
              response_body: eb.ref("excluded.response_body"),
              lease_owner: eb.ref("excluded.lease_owner"),
              locked_until: eb.ref("excluded.locked_until"),
              created_at: eb.ref("excluded.created_at"),
            }))
            .where("idempotency_keys.created_at", "<", forget_before),
        ),
    ),
  );
  return Number(result.numAffectedRows ?? 0) > 0;
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

/**
 * Keeps the holder's response for replay and releases the key: on its own (durable), or inside
 * `tx`, the transaction that records the request's outcome (one commit for both).
 */
export async function completeKey(
  scope: IdempotencyScope,
  owner: string,
  response: { status: number; body: string },
  tx?: Transaction,
): Promise<void> {
  const values = { ...keyOf(scope, owner), response_status: response.status, response_body: response.body };
  const complete = (db: Executor) =>
    executeShaped(db, "idempotency.complete", values, (v) =>
      getDb()
        .updateTable("idempotency_keys")
        .set({ state: "DONE", response_status: v.response_status, response_body: v.response_body, lease_owner: null })
        .where(heldByRow(v)),
    );
  await (tx ? complete(tx) : durableWrite(complete));
}

/** Frees the key the holder still holds, so a retry runs afresh. */
export async function forgetKey(scope: IdempotencyScope, owner: string): Promise<void> {
  await durableWrite((db) =>
    executeShaped(db, "idempotency.forget", keyOf(scope, owner), (v) =>
      db.deleteFrom("idempotency_keys").where(heldByRow(v)),
    ),
  );
}
