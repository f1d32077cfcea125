import { NoResultError } from "kysely";

/** A unique-constraint violation, on PostgreSQL (SQLSTATE 23505) or SQLite. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * An error retrying the same statement cannot fix: a constraint the data breaks (PostgreSQL
 * classes 22 data exception and 23 integrity violation; SQLite's CONSTRAINT and MISMATCH codes).
 * Busy databases, lost connections and timeouts are not permanent.
 */
export function isPermanentDbError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return false;
  return /^2[23][0-9A-Z]{3}$/.test(code) || code.startsWith("SQLITE_CONSTRAINT") || code === "SQLITE_MISMATCH";
}

/** A read that had to find its row did not (Kysely's executeTakeFirstOrThrow, or a repository's own check). */
export function isMissingRowError(error: unknown): boolean {
  return error instanceof NoResultError;
}
