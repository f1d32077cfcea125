export interface RateLimitsTable {
  /** SHA-256 of `<limit name>:<client address | account>`: no address or e-mail is stored. */
  bucket: string;
  window_start: number;
  hits: number;
}

export interface ThrottleTables {
  rate_limits: RateLimitsTable;
}
