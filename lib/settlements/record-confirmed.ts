import { newOrderedId } from "@/lib/ids";
import type { SettlementRow } from "./repository/derive";
import type { FeeLine } from "./fees";
import {
  findAttemptOnChannel,
  findRefundOnChannel,
  type MatchedSource,
  settlementBySource,
  upsertConfirmed,
} from "./repository/confirmed";

/** One row of a PG's settlement report, amounts positive as PGs report them. */
export type PgSettlementRow = {
  /** The PG's key for the row (Toss: transactionKey): what makes recording it idempotent. */
  pg_key: string;
  kind: "PAYMENT" | "REFUND";
  /** Our transaction id (Toss's orderId; a refund's names the payment it refunds). */
  order_id: string;
  method: string | null;
  currency: string;
  amount: number;
  fees: FeeLine[];
  vat_on_fees: number;
  sold_on: string;
  payout_on: string;
};

export type SettlementChannel = { id: string; merchant_id: string; store_id: string; pg_provider: string | null };

export async function matchOf(channel: SettlementChannel, row: PgSettlementRow): Promise<MatchedSource | undefined> {
  return row.kind === "PAYMENT"
    ? findAttemptOnChannel(channel.merchant_id, channel.store_id, channel.id, row.order_id)
    : findRefundOnChannel(channel.merchant_id, channel.store_id, channel.id, row.pg_key);
}

/**
 * The CONFIRMED row a PG row makes: under our source's key when it names our payment or refund and
 * that source is not already confirmed under another PG key; else under the PG's own key (with our
 * ids when matched, so reconciliation sees a second settlement; without them, a row waiting for
 * its record).
 */
export async function confirmedRow(
  channel: SettlementChannel,
  row: PgSettlementRow,
  match: MatchedSource | undefined,
  now: number,
): Promise<SettlementRow> {
  const existing = match ? await settlementBySource(match.source_key) : undefined;
  const own = match && !(existing?.status === "CONFIRMED" && existing.pg_key !== row.pg_key);
  const sign = row.kind === "PAYMENT" ? 1 : -1;
  const feeTotal = row.fees.reduce((sum, f) => sum + f.amount, 0);
  return {
    id: newOrderedId("stl_"),
    merchant_id: channel.merchant_id,
    store_id: channel.store_id,
    channel_id: channel.id,
    pg_provider: channel.pg_provider,
    kind: row.kind,
    source_key: own ? match.source_key : `pg:${channel.id}:${row.pg_key}`,
    payment_id: match?.payment_id ?? null,
    transaction_id: match?.transaction_id ?? null,
    cancellation_id: match?.cancellation_id ?? null,
    method: match?.method ?? row.method,
    currency: row.currency,
    sold_on: row.sold_on,
    payout_on: row.payout_on,
    gross: sign * row.amount,
    fees: JSON.stringify(row.fees.map((f) => ({ type: f.type, amount: sign * f.amount + 0 }))),
    fee_total: sign * feeTotal + 0,
    vat_on_fees: sign * row.vat_on_fees + 0,
    net: sign * (row.amount - feeTotal - row.vat_on_fees) + 0,
    status: "CONFIRMED",
    pg_key: row.pg_key,
    pg_order_id: row.order_id,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Records a PG's settlement rows as CONFIRMED (the Toss and sandbox reports). A row naming our
 * payment or refund replaces its EXPECTED row; the same PG key again changes nothing new
 * (idempotent on the PG's key). A second PG row for a source already confirmed under another key
 * is kept under the PG's key so that reconciliation reports it (settled twice); a row naming
 * nothing of ours yet is kept there too, waiting for its record (lib/settlements/rematch.ts).
 */
export async function recordConfirmedSettlements(channel: SettlementChannel, rows: PgSettlementRow[]): Promise<number> {
  const now = Date.now();
  for (const row of rows) await upsertConfirmed(await confirmedRow(channel, row, await matchOf(channel, row), now));
  return rows.length;
}
