import { dialect } from "./client";

/**
 * Row lock for read-then-write on PostgreSQL (`FOR UPDATE`). SQLite needs none: its transactions
 * take the write lock at BEGIN, so they already run one at a time.
 */
export function lockForUpdate<Q extends { forUpdate(): Q }>(query: Q): Q {
  return dialect() === "postgres" ? query.forUpdate() : query;
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
