import { getDb, type Db, type Tx } from "@/lib/db/client";
import { lockForUpdate } from "@/lib/db/row-lock";

export type BillingKeyRef = { merchantId: string; storeId: string; billingKey: string };

/** One billing key of a store; another merchant's or store's key is simply not found. */
export function findBillingKey(ref: BillingKeyRef, db: Db | Tx = getDb()) {
  return db
    .selectFrom("billing_keys")
    .selectAll()
    .where("id", "=", ref.billingKey)
    .where("merchant_id", "=", ref.merchantId)
    .where("store_id", "=", ref.storeId)
    .executeTakeFirst();
}

/** The same, locked for the rest of the transaction (booking and deletion serialise on the key). */
export function lockBillingKey(ref: BillingKeyRef, tx: Tx) {
  return lockForUpdate(
    tx.selectFrom("billing_keys").selectAll().where("id", "=", ref.billingKey).where("merchant_id", "=", ref.merchantId).where("store_id", "=", ref.storeId),
  ).executeTakeFirst();
}

/** The channel a key was issued on (charges go through it). */
export function findKeyChannel(merchantId: string, channelId: string, db: Db | Tx = getDb()) {
  return db.selectFrom("channels").selectAll().where("id", "=", channelId).where("merchant_id", "=", merchantId).executeTakeFirstOrThrow();
}
