/** Shortest query the search answers: two characters (a Korean given name is often two). */
export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 100;
/** Counting every match of a very common word would read the whole index; past this we say "10,000+". */
export const COUNT_CAP = 10_000;
/**
 * A word too common for the index to drive is counted among at most this many newest rows. Each is
 * a document test: 100,000 took 160–200 ms at 1M payments (issue #18 target: 50 ms), 20,000 about a
 * fifth, and past it the page says "more than" either way.
 */
export const COUNT_SCAN = 20_000;
