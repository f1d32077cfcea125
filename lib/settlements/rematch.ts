import type { FeeLine } from "./fees";
import { confirmedRow, matchOf, type PgSettlementRow } from "./record-confirmed";
import { replaceWaiting } from "./repository/confirmed";
import { type WaitingRow, type WaitingScope, waitingWithRecord } from "./repository/waiting";

const BATCH = 500;

/** How long a PG row naming no record of ours waits for it before reconciliation reports it. */
export const RECORD_GRACE_MS = Number(process.env.SETTLEMENT_RECORD_GRACE_MS ?? 24 * 3_600_000);

/** The PG row a waiting settlement was recorded from (amounts back to the PG's positive form). */
function pgRowOf(w: WaitingRow): PgSettlementRow {
  const sign = w.kind === "PAYMENT" ? 1 : -1;
  const fees = JSON.parse(w.fees) as FeeLine[];
  return {
    pg_key: w.pg_key!,
    kind: w.kind,
    order_id: w.pg_order_id!,
    method: w.method,
    currency: w.currency,
    amount: sign * Number(w.gross) + 0,
    fees: fees.map((f) => ({ type: f.type, amount: sign * f.amount + 0 })),
    vat_on_fees: sign * Number(w.vat_on_fees) + 0,
    sold_on: w.sold_on,
    payout_on: w.payout_on,
  };
}

/**
 * Matches PG settlement rows read before their payment or refund settled on our side (a report
 * read while a look-up was still under way) to that record, now that it has: each replaces its
 * record's EXPECTED row as CONFIRMED, as if it had matched when read. Runs with every derivation
 * (within seconds of a record settling) and before every reconciliation. Answers how many moved.
 */
export async function rematchWaitingSettlements(scope: WaitingScope = {}): Promise<number> {
  const now = Date.now();
  let moved = 0;
  for (const waiting of await waitingWithRecord(scope, BATCH)) {
    const channel = {
      id: waiting.channel_id,
      merchant_id: waiting.merchant_id,
      store_id: waiting.store_id,
      pg_provider: waiting.pg_provider,
    };
    const row = pgRowOf(waiting);
    const match = await matchOf(channel, row);
    if (!match) continue;
    if (await replaceWaiting(waiting.id, await confirmedRow(channel, row, match, now))) moved++;
  }
  return moved;
}
