/**
 * The reconciliation report (`npm run admin -- reconcile --json`, dashboard Reconciliation page):
 * the provider's settlement file compared with our records. `mismatches` need an operator;
 * `unsettled` lists what is still waiting on a provider (being looked up automatically), flagged
 * `needs_attention` after an hour. Both empty means every charge and refund agrees.
 */
export type MismatchKind =
  /** The provider took money for a payment attempt we have no record of. */
  | "charge_without_record"
  /** More than one charge the provider still holds for one payment. */
  | "double_charge"
  /** The provider's amount differs from what we recorded as paid. */
  | "amount_mismatch"
  /** We recorded PAID; the provider holds no charge for the attempt. */
  | "paid_without_charge"
  /** The provider refunded; our cancellation is FAILED or missing. */
  | "refund_not_recorded"
  /** We recorded a refund the provider does not have. */
  | "refund_missing_at_provider"
  /** The provider's refunded total for a payment differs from our succeeded cancellations. */
  | "refund_amount_mismatch"
  /** A deposit the provider received that our virtual account does not show. */
  | "deposit_not_recorded"
  /** An attempt we settled FAILED was charged, and refunding it was refused. */
  | "late_approval_refund_refused";

export type Mismatch = {
  kind: MismatchKind;
  merchant_id: string | null;
  store_id: string | null;
  payment_id: string | null;
  tx_id: string | null;
  cancellation_id?: string;
  pg_tx_id?: string;
  ours?: number;
  provider?: number;
  detail: string;
};

export type UnsettledKind = "attempt" | "cancellation" | "late_approval_refund" | "schedule" | "settlement_listing";

export type UnsettledItem = {
  kind: UnsettledKind;
  id: string;
  merchant_id: string | null;
  store_id: string | null;
  payment_id: string | null;
  amount: number | null;
  /** When the record started waiting on the provider (RFC 3339). */
  since: string;
  lookup_attempts: number;
  next_lookup_at: string | null;
  last_error: string | null;
  /** Unsettled for over an hour, or its times lie in the future: an operator should look (docs/payments.md). */
  needs_attention: boolean;
  /** Its `since` or next look-up lies further ahead than it can: written by a clock that ran ahead. */
  clock_ahead?: boolean;
};

export type ReconciliationReport = { checked: number; mismatches: Mismatch[]; unsettled: UnsettledItem[] };

export type ReconcileScope = { since: number; until?: number; merchantId?: string; storeId?: string };

export const NEEDS_ATTENTION_AFTER_MS = 60 * 60_000;
