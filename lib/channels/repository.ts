import { randomUUID } from "node:crypto";
import type { Db, Tx } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import type { ChannelsTable } from "@/lib/db/tables/foundation";
import type { Executor } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { newId } from "@/lib/ids";
import { DEFAULT_TEST_CHANNELS } from "./defaults";
import { executeShaped } from "@/lib/db/precompiled";

export type ChannelRecord = ChannelsTable;
export type ChannelPurpose = "payment" | "identity";

export async function createDefaultChannels(
  tx: Db | Tx,
  merchantId: string,
  storeId: string,
  now = Date.now(),
): Promise<void> {
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

export async function insertChannel(tx: Db | Tx, channel: ChannelRecord): Promise<void> {
  await tx.insertInto("channels").values(channel).execute();
}

/** A store's channels, oldest first; only those for `purpose` when given. */
export function listStoreChannels(
  merchantId: string,
  storeId: string,
  purpose?: ChannelPurpose,
  db: Db | Tx = getDb(),
): Promise<ChannelRecord[]> {
  let query = db
    .selectFrom("channels")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId);
  if (purpose === "payment") query = query.where("is_for_payment", "=", 1);
  if (purpose === "identity") query = query.where("is_for_identity_verification", "=", 1);
  return query.orderBy("created_at").execute();
}

/** A channel of this store by key (CHANNEL_NOT_FOUND is the caller's to throw). */
export async function findStoreChannel(
  merchantId: string,
  storeId: string,
  key: string,
  db: Db | Tx = getDb(),
): Promise<ChannelRecord | undefined> {
  const found = await executeShaped(db, "store channel", { key, merchantId, storeId }, (v) =>
    db
      .selectFrom("channels")
      .selectAll()
      .where("key", "=", v.key)
      .where("merchant_id", "=", v.merchantId)
      .where("store_id", "=", v.storeId),
  );
  return found.rows[0];
}

/** A store's channel for a purpose by key, or 404 CHANNEL_NOT_FOUND naming the request field. */
export async function requireStoreChannel(
  merchantId: string,
  storeId: string,
  key: string,
  purpose: ChannelPurpose,
  field: string,
  db: Db | Tx = getDb(),
) {
  const channel = await findStoreChannel(merchantId, storeId, key, db);
  const fits = purpose === "payment" ? channel?.is_for_payment === 1 : channel?.is_for_identity_verification === 1;
  if (!channel || !fits)
    throw new DomainError(
      "CHANNEL_NOT_FOUND",
      `${field}: no ${purpose === "payment" ? "payment" : "identity-verification"} channel with this key in the store`,
    );
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

/** A LIVE channel with what the Channels page shows of its credentials (never the sealed secret). */
export type LiveChannelRecord = Pick<
  ChannelsTable,
  "id" | "key" | "name" | "pg_provider" | "pg_merchant_id" | "is_for_payment" | "created_at"
> & {
  secret_key_hint: string;
  tested_at: number | null;
  test_error: string | null;
};

/** A store's connected LIVE channels, oldest first. */
export function listStoreLiveChannels(
  merchantId: string,
  storeId: string,
  db: Executor = getDb(),
): Promise<LiveChannelRecord[]> {
  return db
    .selectFrom("channels")
    .innerJoin("channel_credentials", "channel_credentials.channel_id", "channels.id")
    .select([
      "channels.id",
      "channels.key",
      "channels.name",
      "channels.pg_provider",
      "channels.pg_merchant_id",
      "channels.is_for_payment",
      "channels.created_at",
      "channel_credentials.secret_key_hint",
      "channel_credentials.tested_at",
      "channel_credentials.test_error",
    ])
    .where("channels.merchant_id", "=", merchantId)
    .where("channels.store_id", "=", storeId)
    .where("channels.type", "=", "LIVE")
    .orderBy("channels.created_at")
    .execute();
}

/** A LIVE channel of this store by id (CHANNEL_NOT_FOUND is the caller's to throw). */
export function findStoreLiveChannel(
  merchantId: string,
  storeId: string,
  id: string,
  db: Executor = getDb(),
): Promise<ChannelRecord | undefined> {
  return db
    .selectFrom("channels")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .where("type", "=", "LIVE")
    .executeTakeFirst();
}

/** A new LIVE channel, disabled, with its sealed provider secret (one transaction). */
export async function insertLiveChannel(
  tx: Executor,
  channel: {
    id: string;
    merchantId: string;
    storeId: string;
    name: string;
    pgProvider: string;
    pgMerchantId: string;
    secretKeySealed: string;
    secretKeyHint: string;
    now: number;
  },
): Promise<void> {
  const { id, merchantId, storeId, now } = channel;
  await tx
    .insertInto("channels")
    .values({
      id,
      merchant_id: merchantId,
      store_id: storeId,
      key: `channel-key-${randomUUID()}`,
      name: channel.name,
      type: "LIVE",
      pg_provider: channel.pgProvider,
      pg_merchant_id: channel.pgMerchantId,
      is_for_payment: 0,
      is_for_identity_verification: 0,
      created_at: now,
    })
    .execute();
  await tx
    .insertInto("channel_credentials")
    .values({
      channel_id: id,
      merchant_id: merchantId,
      store_id: storeId,
      secret_key_sealed: channel.secretKeySealed,
      secret_key_hint: channel.secretKeyHint,
      tested_at: null,
      test_error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A new sealed provider secret for the channel; it is untested until its connection test. */
export async function replaceChannelSecret(
  tx: Executor,
  channelId: string,
  secret: { secretKeySealed: string; secretKeyHint: string },
  now: number,
): Promise<void> {
  await tx
    .updateTable("channel_credentials")
    .set({
      secret_key_sealed: secret.secretKeySealed,
      secret_key_hint: secret.secretKeyHint,
      tested_at: null,
      test_error: null,
      updated_at: now,
    })
    .where("channel_id", "=", channelId)
    .execute();
}

/** The outcome of a connection test; a failed test also disables the channel. */
export async function recordConnectionTest(
  channelId: string,
  error: string | null,
  now = Date.now(),
  db: Executor = getDb(),
): Promise<void> {
  await db
    .updateTable("channel_credentials")
    .set({ tested_at: error ? null : now, test_error: error, updated_at: now })
    .where("channel_id", "=", channelId)
    .execute();
  if (error) await setChannelForPayment(channelId, false, db);
}

export async function setChannelForPayment(channelId: string, enabled: boolean, db: Executor = getDb()): Promise<void> {
  await db
    .updateTable("channels")
    .set({ is_for_payment: enabled ? 1 : 0 })
    .where("id", "=", channelId)
    .execute();
}

/** When the channel's connection last passed a test, or null. */
export async function channelTestedAt(channelId: string, db: Executor = getDb()): Promise<number | null> {
  const row = await db
    .selectFrom("channel_credentials")
    .select("tested_at")
    .where("channel_id", "=", channelId)
    .executeTakeFirst();
  return row?.tested_at == null ? null : Number(row.tested_at);
}

/** The channel's sealed provider secret, or undefined when it has none. */
export async function sealedChannelSecret(channelId: string, db: Executor = getDb()): Promise<string | undefined> {
  const row = await db
    .selectFrom("channel_credentials")
    .select("secret_key_sealed")
    .where("channel_id", "=", channelId)
    .executeTakeFirst();
  return row?.secret_key_sealed;
}
