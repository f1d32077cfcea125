import { sql } from "kysely";
import type { Db, Tx } from "./client";
import { dialect, getDb, withTransaction } from "./client";

/** A write that lost to a concurrent one on a unique key: verbs turn it into their own domain error. */
export { isUniqueViolation } from "./errors";

/**
 * The one thing verbs take from lib/db: a unit of work spanning several repositories. Pass `tx`
 * to each repository call; everything commits or nothing does.
 */
export type Transaction = Tx;
/** What a repository write takes: a transaction, or the database itself for a lone statement. */
export type Executor = Db | Tx;

export function transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  return withTransaction(work);
}

/**
 * One write statement made durable at the least cost: on PostgreSQL run on its own (autocommit: one
 * round trip, where a transaction adds BEGIN and COMMIT), on SQLite in a transaction so that it
 * shares a group commit's fsync with concurrent writers. A statement that fails changes nothing.
 */
export function durableWrite<T>(write: (db: Executor) => Promise<T>): Promise<T> {
  return dialect() === "postgres" ? write(getDb()) : withTransaction(write);
}

/**
 * A write that may be lost in a crash (the API request log, a debugging aid written in batches),
 * made without waiting for an fsync of its own. On SQLite a durable commit's fsync holds the event
 * loop (better-sqlite3 is synchronous), so the statement runs with synchronous=NORMAL: its WAL frames
 * become durable with the next durable commit or checkpoint, and the database stays consistent
 * either way. The connection is held for the three statements, so no other write runs at NORMAL.
 * On PostgreSQL the server waits for its WAL flush, off this process's event loop: a plain statement.
 */
export function bestEffortWrite<T>(write: (db: Executor) => Promise<T>): Promise<T> {
  if (dialect() === "postgres") return write(getDb());
  return getDb()
    .connection()
    .execute(async (db) => {
      await sql`pragma synchronous = normal`.execute(db);
      try {
        return await write(db);
      } finally {
        await sql`pragma synchronous = full`.execute(db);
      }
    });
}

/** A conditional write (a state transition) found the row no longer in the state it read. */
export { StaleWriteError } from "./conditional";
/** Errors retrying cannot fix: data the database refuses (a check, a type), not a busy database. */
export { isPermanentDbError } from "./errors";
/** A row a statement had to find was not there. */
export { isMissingRowError } from "./errors";
/** The database refused a write for space or I/O (disk full): answered 503, /readyz fails for a while. */
export { isStorageFailure } from "./errors";
/** A move a record's state table does not allow (the transition functions refuse it before writing). */
export { IllegalTransitionError } from "./conditional";
/** Runs a hint once the transaction has ended (committed or rolled back); it must be harmless after a rollback. */
export { whenSettled } from "./client";
