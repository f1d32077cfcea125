import type { TossSettlement } from "@/lib/providers/tosspayments/settlements-api";
import type { PgSettlementRow } from "./record-confirmed";

/**
 * One row of Toss's settlement report as a PG row for recordConfirmedSettlements: its
 * transactionKey is the PG key (a cancel's is our refund's pg_cancellation_id), orderId our
 * transaction id, `fees[]` plus `interestFee` the fee lines, `vat` the VAT on fees. A cancel's
 * amounts come negative and are made positive here (the recorder signs refunds itself).
 */
export function pgRowOfToss(row: TossSettlement): PgSettlementRow {
  const refund = row.cancel != null || row.amount < 0;
  const sign = refund && row.amount < 0 ? -1 : 1;
  const fees = row.fees.map((f) => ({ type: f.type, amount: sign * f.fee + 0 }));
  if (row.interestFee) fees.push({ type: "INTEREST", amount: sign * row.interestFee + 0 });
  return {
    pg_key: row.transactionKey,
    kind: refund ? "REFUND" : "PAYMENT",
    order_id: row.orderId,
    method: row.method,
    currency: row.currency,
    amount: sign * row.amount,
    fees,
    vat_on_fees: sign * row.vat + 0,
    sold_on: row.soldDate,
    payout_on: row.paidOutDate,
  };
}
