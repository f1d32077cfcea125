import { getDb } from "@/lib/db/client";
import type { Executor } from "@/lib/db/transaction";
import { type ContractTerms, contractTerms } from "../schema";

export type ChannelTermsRow = {
  channel_id: string;
  channel_key: string;
  channel_name: string;
  channel_type: "LIVE" | "TEST";
  pg_provider: string;
  terms: ContractTerms | null;
  updated_at: number | null;
};

function parseTerms(text: string | null): ContractTerms | null {
  return text === null ? null : contractTerms.parse(JSON.parse(text));
}

/** A store's payment channels with the terms entered for each (null: none yet). */
export async function listStoreChannelTerms(
  merchantId: string,
  storeId: string,
  db: Executor = getDb(),
): Promise<ChannelTermsRow[]> {
  const rows = await db
    .selectFrom("channels as c")
    .leftJoin("settlement_contracts as t", "t.channel_id", "c.id")
    .select(["c.id", "c.key", "c.name", "c.type", "c.pg_provider", "t.terms", "t.updated_at"])
    .where("c.merchant_id", "=", merchantId)
    .where("c.store_id", "=", storeId)
    .where("c.is_for_payment", "=", 1)
    .orderBy("c.created_at")
    .execute();
  return rows.map((r) => ({
    channel_id: r.id,
    channel_key: r.key,
    channel_name: r.name,
    channel_type: r.type,
    pg_provider: r.pg_provider,
    terms: parseTerms(r.terms),
    updated_at: r.updated_at === null ? null : Number(r.updated_at),
  }));
}

/** The terms of several channels at once (the derivation job), keyed by channel id. */
export async function termsOfChannels(
  channelIds: string[],
  db: Executor = getDb(),
): Promise<Map<string, ContractTerms>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("settlement_contracts")
    .select(["channel_id", "terms"])
    .where("channel_id", "in", channelIds)
    .execute();
  return new Map(rows.map((r) => [r.channel_id, parseTerms(r.terms)!]));
}

export async function upsertChannelTerms(
  row: { channelId: string; merchantId: string; storeId: string; terms: ContractTerms; updatedBy: string | null },
  db: Executor = getDb(),
): Promise<void> {
  const now = Date.now();
  const terms = JSON.stringify(row.terms);
  await db
    .insertInto("settlement_contracts")
    .values({
      channel_id: row.channelId,
      merchant_id: row.merchantId,
      store_id: row.storeId,
      terms,
      updated_by: row.updatedBy,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("channel_id").doUpdateSet({ terms, updated_by: row.updatedBy, updated_at: now }))
    .execute();
}
