/** Whose PG settlement reports to read: every channel, or one merchant's, store's or channel's. */
export type ReportRange = { from?: string; to?: string; merchantId?: string; storeId?: string; channelId?: string };

export type ReportsRead = {
  /** Channels whose PG report was read. */
  channels: number;
  /** Rows the reports held. */
  read: number;
  /** Rows recorded as CONFIRMED by this read (rows already recorded are not counted again). */
  confirmed: number;
  /** Channels whose PG did not answer. */
  failed: string[];
};

/** How far back a read looks by default: PGs pay out within days, and corrections come late. */
export const LOOKBACK_DAYS = 14;
