/** Shortest query the search answers: two characters (a Korean given name is often two). */
export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 100;
/**
 * A search's count is exact up to here, then "More than 1,000" (a lower bound, as Elasticsearch's
 * track_total_hits and Stripe's search total_count answer). Each match counted is a document test
 * (the trigram indexes are lossy): at 1M payments 10,000 of them took 150–280 ms on PostgreSQL,
 * 1,000 take 15–30 ms (target: 50 ms; docs/ui.md "Search").
 */
export const COUNT_CAP = 1_000;
/**
 * A word too common for SQLite's index to drive is counted among at most this many newest rows
 * (stopping at COUNT_CAP + 1 matches). Each is a document test (~2–6 µs), and past it the page
 * says "more than" either way.
 */
export const COUNT_SCAN = 10_000;
