import type { ChannelRecord } from "@/lib/channels/repository";
import { toRfc3339 } from "@/lib/time";
import type { VerificationRecord } from "./repository";
import type { IdentityChannel } from "./schema";

/** The identity area's Channel (camelCase). */
export function serializeIdentityChannel(row: ChannelRecord): IdentityChannel {
  return {
    type: row.type,
    id: row.id,
    key: row.key,
    name: row.name,
    pgProvider: row.pg_provider,
    pgMerchantId: row.pg_merchant_id,
  };
}

function strip<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/** The spec's IdentityVerification: requestedCustomer while READY/FAILED, the verified fields only when VERIFIED. */
export function serializeVerification(row: VerificationRecord) {
  const verified = row.status === "VERIFIED";
  return strip({
    id: row.verification_id,
    status: row.status,
    channel: row.channel,
    customData: row.custom_data ?? undefined,
    requestedAt: toRfc3339(row.requested_at),
    updatedAt: toRfc3339(row.updated_at),
    statusChangedAt: toRfc3339(row.status_changed_at),
    requestedCustomer: verified
      ? undefined
      : strip({ id: row.customer_id ?? undefined, name: row.customer_name, phoneNumber: row.customer_phone }),
    verifiedCustomer: verified ? (row.verified_customer ?? undefined) : undefined,
    verifiedAt: verified ? toRfc3339(row.verified_at) : undefined,
    pgTxId: verified ? (row.pg_tx_id ?? undefined) : undefined,
    pgRawResponse: verified ? (row.pg_raw_response ?? undefined) : undefined,
  });
}

export type WireVerification = ReturnType<typeof serializeVerification>;

/** A dashboard list row: the wire record plus what the table shows. */
export function serializeVerificationListItem(row: VerificationRecord) {
  return {
    ...serializeVerification(row),
    method: row.method,
    operator: row.operator,
    phoneNumber: row.customer_phone,
    name: row.customer_name,
    sent: row.sent_at !== null,
  };
}
export type VerificationListItem = ReturnType<typeof serializeVerificationListItem>;
