import type { PayoutRecord, SettlementRecord } from "./repository/read";
import type { WirePayout, WireSettlement } from "./query-schema";

const opt = <T>(v: T | null) => v ?? undefined;

export function serializeSettlement(r: SettlementRecord): WireSettlement {
  return {
    id: r.id,
    store_id: r.store_id,
    channel_key: r.channel_key,
    pg_provider: opt(r.pg_provider),
    type: r.kind,
    status: r.status,
    payment_id: opt(r.payment_id),
    transaction_id: opt(r.transaction_id),
    cancellation_id: opt(r.cancellation_id),
    method: opt(r.method),
    currency: r.currency,
    sold_on: r.sold_on,
    payout_on: r.payout_on,
    gross: r.gross,
    fees: JSON.parse(r.fees) as WireSettlement["fees"],
    fee_total: r.fee_total,
    vat_on_fees: r.vat_on_fees,
    net: r.net,
    pg_key: opt(r.pg_key),
  };
}

export function serializePayout(r: PayoutRecord): WirePayout {
  return {
    payout_on: r.payout_on,
    store_id: r.store_id,
    channel_key: r.channel_key,
    pg_provider: opt(r.pg_provider),
    currency: r.currency,
    status: r.status,
    payment_count: r.payment_count,
    refund_count: r.refund_count,
    gross: r.gross,
    fee_total: r.fee_total,
    vat_on_fees: r.vat_on_fees,
    net: r.net,
  };
}
