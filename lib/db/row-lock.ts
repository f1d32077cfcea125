import { dialect } from "./client";

/**
 * Row lock for read-then-write on PostgreSQL (`FOR UPDATE`). SQLite needs none: its transactions
 * take the write lock at BEGIN, so they already run one at a time.
 */
export function lockForUpdate<Q extends { forUpdate(): Q }>(query: Q): Q {
  return dialect() === "postgres" ? query.forUpdate() : query;
}
