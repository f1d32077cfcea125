import { koreaDate, payoutDate } from "./business-days";
import { contractAmounts } from "./fees";
import { RECORD_GRACE_MS, rematchWaitingSettlements } from "./rematch";
import { termsOfChannels } from "./repository/contracts";
import {
  type CheckScope,
  channelsReporting,
  paidWithoutSettlement,
  refundsWithSettlement,
  settledTwice,
  settlementsSince,
} from "./repository/reconcile";
import { type ContractTerms, DEFAULT_TERMS } from "./schema";

export type SettlementFindingKind =
  /** A paid attempt no settlement covers (neither expected nor confirmed). */
  | "settlement_missing"
  /** A paid attempt more than one settlement covers. */
  | "settled_twice"
  /** A refund that is not netted, or netted on another payout than the one of its day. */
  | "refund_not_netted"
  /** The PG settled another amount than our payment's or refund's (it paid short, or over). */
  | "settled_amount_mismatch"
  /** The PG's fee or VAT on fees differs from the contract by more than 1 won. */
  | "fee_mismatch"
  /** The payout date passed and the PG has not confirmed the settlement. */
  | "payout_missing"
  /** The PG settled a payment or refund we have had no record of for RECORD_GRACE_MS since reading it. */
  | "settlement_without_record";

export type SettlementFinding = {
  kind: SettlementFindingKind;
  merchant_id: string;
  store_id: string;
  payment_id: string | null;
  tx_id: string | null;
  cancellation_id?: string;
  pg_tx_id?: string;
  ours?: number;
  provider?: number;
  detail: string;
};

/** Time the derivation job gets before a paid attempt without a row counts as missing. */
export const DERIVATION_GRACE_MS = 10 * 60_000;
/** Differences up to this many won are rounding, not a finding. */
const FEE_TOLERANCE = 1;

const n = Number;

/**
 * The settlement checks of reconciliation over sales in [since, until): every paid attempt in
 * exactly one settlement, refunds netted on their day, fees as contracted (±1 won), confirmed
 * payouts once due, and no settlement without our record.
 */
export async function checkSettlements(
  scope: Omit<CheckScope, "sinceDate">,
  now = Date.now(),
): Promise<SettlementFinding[]> {
  const full: CheckScope = {
    ...scope,
    until: Math.min(scope.until, now - DERIVATION_GRACE_MS),
    sinceDate: koreaDate(scope.since),
  };
  const today = koreaDate(now);
  // A PG row read before its record settled is matched now if it has since (and reported only after the grace).
  await rematchWaitingSettlements({ merchantId: scope.merchantId, storeId: scope.storeId });
  const [paid, refunds, twice, confirmed, unmatched, due] = await Promise.all([
    paidWithoutSettlement(full),
    refundsWithSettlement(full),
    settledTwice(full),
    settlementsSince(full, "confirmed", today),
    settlementsSince(full, "unmatched", today),
    settlementsSince(full, "expected_due", today),
  ]);
  const channels = [...new Set([...refunds.map((r) => r.channel_id!), ...confirmed.map((r) => r.channel_id)])];
  const terms = await termsOfChannels(channels);
  const termsOf = (channelId: string): ContractTerms => terms.get(channelId) ?? DEFAULT_TERMS;
  const findings: SettlementFinding[] = [];
  for (const t of paid)
    findings.push({
      kind: "settlement_missing",
      merchant_id: t.merchant_id,
      store_id: t.store_id,
      payment_id: t.payment_id,
      tx_id: t.id,
      ours: n(t.paid_amount),
      detail: "paid, but no settlement (expected or confirmed) covers it",
    });
  for (const t of twice)
    findings.push({
      kind: "settled_twice",
      merchant_id: t.merchant_id,
      store_id: t.store_id,
      payment_id: t.payment_id,
      tx_id: t.transaction_id,
      detail: `covered by ${n(t.n)} settlements`,
    });
  for (const r of refunds) {
    const expected = payoutDate(koreaDate(n(r.cancelled_at)), termsOf(r.channel_id!).payout_days);
    if (r.status && (r.status === "EXPECTED" || r.payout_on === expected)) continue;
    findings.push({
      kind: "refund_not_netted",
      merchant_id: r.merchant_id,
      store_id: r.store_id,
      payment_id: r.payment_id,
      tx_id: r.transaction_id,
      cancellation_id: r.id,
      ours: n(r.cancel_amount),
      detail: r.status
        ? `netted on ${r.payout_on}, due on ${expected}`
        : `refund not netted in any settlement (due on ${expected})`,
    });
  }
  for (const s of confirmed) {
    const ours = s.kind === "PAYMENT" ? s.paid_amount : s.cancel_amount;
    if (ours == null || Math.abs(n(s.gross)) === n(ours)) continue;
    findings.push({
      kind: "settled_amount_mismatch",
      merchant_id: s.merchant_id,
      store_id: s.store_id,
      payment_id: s.payment_id,
      tx_id: s.transaction_id,
      cancellation_id: s.cancellation_id ?? undefined,
      pg_tx_id: s.pg_key ?? undefined,
      ours: n(ours),
      provider: Math.abs(n(s.gross)),
      detail: `the PG settled ${Math.abs(n(s.gross))} of our ${n(ours)}`,
    });
  }
  for (const s of confirmed) {
    // A channel without contract terms has no agreed fee to hold the PG's against.
    if (!terms.has(s.channel_id)) continue;
    // The contract's fee is on the sale's amount (ours), whatever amount the PG settled.
    const sold = (s.kind === "PAYMENT" ? s.paid_amount : s.cancel_amount) ?? Math.abs(n(s.gross));
    const contract = contractAmounts(termsOf(s.channel_id), s.method, s.kind, n(sold));
    const ours = Math.abs(contract.fee_total) + Math.abs(contract.vat_on_fees);
    const theirs = Math.abs(n(s.fee_total)) + Math.abs(n(s.vat_on_fees));
    const off =
      Math.abs(Math.abs(contract.fee_total) - Math.abs(n(s.fee_total))) > FEE_TOLERANCE ||
      Math.abs(Math.abs(contract.vat_on_fees) - Math.abs(n(s.vat_on_fees))) > FEE_TOLERANCE;
    if (!off) continue;
    findings.push({
      kind: "fee_mismatch",
      merchant_id: s.merchant_id,
      store_id: s.store_id,
      payment_id: s.payment_id,
      tx_id: s.transaction_id,
      cancellation_id: s.cancellation_id ?? undefined,
      pg_tx_id: s.pg_key ?? undefined,
      ours,
      provider: theirs,
      detail: `fee ${n(s.fee_total)} + VAT ${n(s.vat_on_fees)}; the contract gives ${contract.fee_total} + ${contract.vat_on_fees}`,
    });
  }
  // Only a channel whose PG report is being recorded (it has confirmed rows) can miss a payout;
  // a PG without a settlement report never confirms, and its expected rows are all there is.
  const reporting = await channelsReporting([...new Set(due.map((s) => s.channel_id))]);
  for (const s of due) {
    if (!reporting.has(s.channel_id)) continue;
    findings.push({
      kind: "payout_missing",
      merchant_id: s.merchant_id,
      store_id: s.store_id,
      payment_id: s.payment_id,
      tx_id: s.transaction_id,
      cancellation_id: s.cancellation_id ?? undefined,
      ours: n(s.gross),
      detail: `payout due on ${s.payout_on} not confirmed by the PG`,
    });
  }
  for (const s of unmatched) {
    if (n(s.created_at) > now - RECORD_GRACE_MS) continue;
    findings.push({
      kind: "settlement_without_record",
      merchant_id: s.merchant_id,
      store_id: s.store_id,
      payment_id: null,
      tx_id: null,
      pg_tx_id: s.pg_key ?? undefined,
      provider: n(s.gross),
      detail: `the PG settled ${s.kind === "PAYMENT" ? "a payment" : "a refund"} we have no record of`,
    });
  }
  return findings;
}
