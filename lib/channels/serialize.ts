import type { ChannelRecord } from "./repository";

/** The spec's Channel (snake_case, /v2). */
export function serializeChannel(row: ChannelRecord) {
  return {
    id: row.id,
    name: row.name,
    key: row.key,
    type: row.type,
    pg_provider: row.pg_provider,
    pg_merchant_id: row.pg_merchant_id,
  };
}

/** CONTRACT §3: the channel list adds what each channel is for. The one shape every channel list uses. */
export function serializeChannelListItem(row: ChannelRecord) {
  return {
    ...serializeChannel(row),
    is_for_payment: row.is_for_payment === 1,
    is_for_identity_verification: row.is_for_identity_verification === 1,
  };
}

export type ChannelListItem = ReturnType<typeof serializeChannelListItem>;
