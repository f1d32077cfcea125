/** Settlements (migration 0120, lib/settlements). Money in integer minor units; dates `yyyy-MM-dd` in Korea time. */
export interface SettlementContractsTable {
  channel_id: string;
  merchant_id: string;
  store_id: string;
  /** JSON: lib/settlements/schema.ts ContractTerms. */
  terms: string;
  updated_by: string | null;
  created_at: number;
  updated_at: number;
}

export type SettlementKind = "PAYMENT" | "REFUND";
export type SettlementStatus = "EXPECTED" | "CONFIRMED";

export interface SettlementsTable {
  id: string;
  merchant_id: string;
  store_id: string;
  channel_id: string;
  pg_provider: string | null;
  kind: SettlementKind;
  /** `tx:<transaction id>`, `cx:<cancellation id>`, or `pg:<channel id>:<PG key>` for a row we cannot match. */
  source_key: string;
  payment_id: string | null;
  transaction_id: string | null;
  cancellation_id: string | null;
  method: string | null;
  currency: string;
  sold_on: string;
  payout_on: string;
  gross: number;
  /** JSON: [{type, amount}], the fees by kind. */
  fees: string;
  fee_total: number;
  vat_on_fees: number;
  net: number;
  status: SettlementStatus;
  /** The PG's key for the row (Toss: the transactionKey), once confirmed. */
  pg_key: string | null;
  /** The order id the PG's row names (Toss: orderId, our transaction id): how a waiting row finds its payment (migration 0165). */
  pg_order_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface SettlementCursorsTable {
  name: string;
  position: number;
}

/** Sums of settlements per store, payout date, channel, currency, status and kind (migration 0121). */
export interface SettlementDaysTable {
  merchant_id: string;
  store_id: string;
  payout_on: string;
  channel_id: string;
  currency: string;
  status: SettlementStatus;
  kind: SettlementKind;
  count: number;
  gross: number;
  fee_total: number;
  vat_on_fees: number;
  net: number;
}

export interface SettlementTables {
  settlement_days: SettlementDaysTable;
  settlement_contracts: SettlementContractsTable;
  settlements: SettlementsTable;
  settlement_cursors: SettlementCursorsTable;
}
