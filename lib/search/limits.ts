/** Shortest query the search answers: two characters (a Korean given name is often two). */
export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 100;
/** Counting every match of a very common word would read the whole index; past this we say "10,000+". */
export const COUNT_CAP = 10_000;
