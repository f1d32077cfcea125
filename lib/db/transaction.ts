import { type Tx, withTransaction } from "./client";

/**
 * The one thing verbs take from lib/db: a unit of work spanning several repositories. Pass `tx`
 * to each repository call; everything commits or nothing does.
 */
export type Transaction = Tx;

export function transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  return withTransaction(work);
}
