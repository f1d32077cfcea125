import type { Generated } from "kysely";
import type { TransactionStatus } from "./payments";

/**
 * Payments per store, UTC day, status and mode, on each list time axis: what `total_count` sums so
 * it does not grow with history (lib/payments/read/repository/count.ts). Kept by triggers on `transactions`
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

/**
 * Paid volume per store, mode and UTC hour, by currency, method and provider (migration 0092):
 * what the dashboard overview sums (lib/dashboard/paid-volume.ts). Every transaction with a
 * `paid_at` counts, as in the overview. A null method or provider is ''.
 */
export interface PaidVolumeHoursTable {
  store_id: string;
  channel_type: "LIVE" | "TEST";
  /** Start of the UTC hour (epoch ms) of `paid_at`. */
  hour: number;
  currency: string;
  method: string;
  pg_provider: string;
  n: number;
  amount: number;
}

/** PostgreSQL only: signed changes appended by the triggers, folded into paid_volume_hours like payment_count_deltas. */
export interface PaidVolumeDeltasTable extends PaidVolumeHoursTable {
  id: Generated<number>;
}

/**
 * Refunded volume (SUCCEEDED cancellations with a cancelled_at) per store, its payments' mode,
 * UTC hour of cancelled_at and currency (migration 0093): what the overview's refunds sum.
 */
export interface RefundVolumeHoursTable {
  store_id: string;
  channel_type: "LIVE" | "TEST";
  /** Start of the UTC hour (epoch ms) of the cancellation's `cancelled_at`. */
  hour: number;
  currency: string;
  n: number;
  amount: number;
}

/** PostgreSQL only: signed changes appended by the triggers, folded into refund_volume_hours. */
export interface RefundVolumeDeltasTable extends RefundVolumeHoursTable {
  id: Generated<number>;
}

/**
 * FAILED attempts (status FAILED with a failed_at) per store, mode, UTC hour of failed_at and
 * decline code (migration 0175): what the overview and the all-stores view count. A null code is ''.
 */
export interface FailedAttemptHoursTable {
  store_id: string;
  channel_type: "LIVE" | "TEST";
  /** Start of the UTC hour (epoch ms) of `failed_at`. */
  hour: number;
  failure_pg_code: string;
  n: number;
}

/** PostgreSQL only: signed changes appended by the triggers, folded into failed_attempt_hours. */
export interface FailedAttemptDeltasTable extends FailedAttemptHoursTable {
  id: Generated<number>;
}

/**
 * Per-UTC-day sums of the hour tables by currency (migration 0180), kept equal to their hours by
 * triggers: what the all-stores view sums for the whole days of a period.
 */
export interface VolumeDaysTable {
  store_id: string;
  channel_type: "LIVE" | "TEST";
  /** Start of the UTC day (epoch ms). */
  day: number;
  currency: string;
  n: number;
  amount: number;
}

/** FAILED attempts per UTC day (migration 0180), the sum of failed_attempt_hours over its codes. */
export interface FailedAttemptDaysTable {
  store_id: string;
  channel_type: "LIVE" | "TEST";
  day: number;
  n: number;
}

export interface CountTables {
  payment_counts: PaymentCountsTable;
  payment_count_deltas: PaymentCountDeltasTable;
  paid_volume_hours: PaidVolumeHoursTable;
  paid_volume_deltas: PaidVolumeDeltasTable;
  refund_volume_hours: RefundVolumeHoursTable;
  refund_volume_deltas: RefundVolumeDeltasTable;
  failed_attempt_hours: FailedAttemptHoursTable;
  failed_attempt_deltas: FailedAttemptDeltasTable;
  paid_volume_days: VolumeDaysTable;
  refund_volume_days: VolumeDaysTable;
  failed_attempt_days: FailedAttemptDaysTable;
}
