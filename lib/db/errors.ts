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

/**
 * The database cannot write for lack of space or an I/O fault: SQLite's FULL, IOERR (every
 * extended code), READONLY and CANTOPEN; PostgreSQL's class 53 (insufficient resources: 53100
 * disk_full), class 58 (system error: 58030 io_error) and 25006 (a read-only server). Not a bug
 * in the request: it may succeed once space is freed, so it is answered 503 with Retry-After.
 */
export function isStorageFailure(error: unknown): boolean {
  // A wrapper (a verb's own error) may carry the database's error as its cause.
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "string") continue;
    if (/^SQLITE_(FULL|IOERR|READONLY|CANTOPEN)/.test(code)) return true;
    if (/^5[38][0-9A-Z]{3}$/.test(code) || code === "25006") return true;
  }
  return false;
}

/**
 * The connection was lost, not the statement refused: the server ended it (PostgreSQL's 57P01–03
 * operator intervention, class 08 connection exception) or the socket closed. A new connection
 * may succeed.
 */
export function isLostConnection(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^(57P0[123]|08[0-9A-Z]{3}|ECONNRESET|ECONNREFUSED|EPIPE)$/.test(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && /Connection terminated|connection error and is not queryable/.test(message))
      return true;
  }
  return false;
}

/** Runs `work` again (up to `tries` in all, with a short pause) while it fails for a lost connection. */
export async function retryOnLostConnection<T>(work: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries || !isLostConnection(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
