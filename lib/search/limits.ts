/** Shortest query the search answers: two characters (a Korean given name is often two). */
export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 100;
/** Counting every match of a very common word would read the whole index; past this we say "10,000+". */
export const COUNT_CAP = 10_000;
/** A word too common for the index to drive is counted among at most this many newest rows. */
export const COUNT_SCAN = 100_000;
