import type { ChannelsTable } from "@/lib/db/tables/foundation";

/** The spec's Channel (snake_case, /v2). */
export function serializeChannel(row: ChannelsTable) {
  return { id: row.id, name: row.name, key: row.key, type: row.type, pg_provider: row.pg_provider, pg_merchant_id: row.pg_merchant_id };
}

/** CONTRACT §3: the channel list adds what each channel is for. */
export function serializeChannelListItem(row: ChannelsTable) {
  return { ...serializeChannel(row), is_for_payment: row.is_for_payment === 1, is_for_identity_verification: row.is_for_identity_verification === 1 };
}
