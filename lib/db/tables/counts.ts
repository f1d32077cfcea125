import type { Generated } from "kysely";
import type { TransactionStatus } from "./payments";

/**
 * Payments per store, UTC day, status and mode, on each list time axis: what `total_count` sums so
 * it does not grow with history (lib/payments/list-count.ts). Kept by triggers on `transactions`
 * (migration 0090), counting primary transactions only, exactly like the list.
 */
export interface PaymentCountsTable {
  merchant_id: string;
  /** REQUESTED_AT or STATUS_UPDATED_AT: the list's `timestamp_type`. */
  time_type: "REQUESTED_AT" | "STATUS_UPDATED_AT";
  /** Start of the UTC day (epoch ms). */
  day: number;
  store_id: string;
  status: TransactionStatus;
  channel_type: "LIVE" | "TEST";
  n: number;
}

/**
 * PostgreSQL only: the triggers append +1/-1 here instead of updating a shared counter row (which
 * would serialise concurrent payments of a store and could deadlock), and a periodic task folds
 * them into payment_counts. Counts add both tables, so they are exact at every moment.
 */
export interface PaymentCountDeltasTable {
  id: Generated<number>;
  merchant_id: string;
  time_type: "REQUESTED_AT" | "STATUS_UPDATED_AT";
  day: number;
  store_id: string;
  status: TransactionStatus;
  channel_type: "LIVE" | "TEST";
  delta: number;
}

export interface CountTables {
  payment_counts: PaymentCountsTable;
  payment_count_deltas: PaymentCountDeltasTable;
}
