import { randomUUID } from "node:crypto";
import type { Db, Tx } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import type { ChannelsTable } from "@/lib/db/tables/foundation";
import { DomainError } from "@/lib/errors/domain-error";
import { newId } from "@/lib/ids";
import { DEFAULT_TEST_CHANNELS } from "./defaults";

export type ChannelRecord = ChannelsTable;
export type ChannelPurpose = "payment" | "identity";

export async function createDefaultChannels(tx: Db | Tx, merchantId: string, storeId: string, now = Date.now()): Promise<void> {
  await tx
    .insertInto("channels")
    .values(
      DEFAULT_TEST_CHANNELS.map((c, i) => ({
        id: newId("ch_"),
        merchant_id: merchantId,
        store_id: storeId,
        key: `channel-key-${randomUUID()}`,
        name: c.name,
        type: "TEST" as const,
        pg_provider: c.pg_provider,
        pg_merchant_id: `${c.pg_provider.toLowerCase()}_test_${storeId.slice(-8).toLowerCase()}`,
        is_for_payment: c.is_for_payment,
        is_for_identity_verification: c.is_for_identity_verification,
        created_at: now + i,
      })),
    )
    .execute();
}

/** A store's channels, oldest first; only those for `purpose` when given. */
export function listStoreChannels(merchantId: string, storeId: string, purpose?: ChannelPurpose, db: Db | Tx = getDb()): Promise<ChannelRecord[]> {
  let query = db.selectFrom("channels").selectAll().where("merchant_id", "=", merchantId).where("store_id", "=", storeId);
  if (purpose === "payment") query = query.where("is_for_payment", "=", 1);
  if (purpose === "identity") query = query.where("is_for_identity_verification", "=", 1);
  return query.orderBy("created_at").execute();
}

/** A channel of this store by key (CHANNEL_NOT_FOUND is the caller's to throw). */
export function findStoreChannel(merchantId: string, storeId: string, key: string, db: Db | Tx = getDb()): Promise<ChannelRecord | undefined> {
  return db.selectFrom("channels").selectAll().where("key", "=", key).where("merchant_id", "=", merchantId).where("store_id", "=", storeId).executeTakeFirst();
}

/** A store's channel for a purpose by key, or 404 CHANNEL_NOT_FOUND naming the request field. */
export async function requireStoreChannel(merchantId: string, storeId: string, key: string, purpose: ChannelPurpose, field: string, db: Db | Tx = getDb()) {
  const channel = await findStoreChannel(merchantId, storeId, key, db);
  const fits = purpose === "payment" ? channel?.is_for_payment === 1 : channel?.is_for_identity_verification === 1;
  if (!channel || !fits) throw new DomainError("CHANNEL_NOT_FOUND", `${field}: no ${purpose === "payment" ? "payment" : "identity-verification"} channel with this key in the store`);
  return channel;
}

/** The channel a stored record points at (the record was found in the caller's store already). */
export function getChannelById(id: string, db: Db | Tx = getDb()): Promise<ChannelRecord> {
  return db.selectFrom("channels").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** Like getChannelById, for a reference that may be gone. */
export function findChannelById(id: string, db: Db | Tx = getDb()): Promise<ChannelRecord | undefined> {
  return db.selectFrom("channels").selectAll().where("id", "=", id).executeTakeFirst();
}
