import Database from "better-sqlite3";
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type Transaction } from "kysely";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { databaseTarget, type DatabaseTarget } from "@/lib/env";
import { recordLockWait } from "@/lib/ops/db-metrics";
import type { DB } from "./schema";
import { groupCommitter, type GroupStats } from "./group-commit";
import { openPgPool } from "./pg-pool";
import { cachingSqlite, countBuilds, namingPool } from "./statement-cache";

export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
export type Dialect = DatabaseTarget["dialect"];

/**
 * SQLite transactions take the write lock up front, so read-then-write never deadlocks between
 * processes. A disk-full or I/O error makes SQLite roll the transaction back itself: the driver's
 * own ROLLBACK would then fail ("no transaction is active") and hide that first cause, so it is
 * skipped when no transaction is open.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: Database.Database) {
    super({ database: cachingSqlite(sqlite) });
  }

  override createDriver() {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      const started = performance.now();
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
      recordLockWait((performance.now() - started) / 1000);
    };
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  }
}

// int8 and numeric (sums, counts) come back as strings by default; every such value we store fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

function openSqlite(file: string) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file, { timeout: 30_000 });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("busy_timeout = 30000");
  sqlite.pragma("foreign_keys = ON");
  return new Kysely<DB>({
    dialect: new ImmediateSqliteDialect(sqlite),
    plugins: [countBuilds],
  });
}

type Handle = { db: Db; dialect: Dialect; pool?: ReturnType<typeof openPgPool> };

function openPostgres(url: string): Handle {
  const pool = openPgPool(url, Number(process.env.DATABASE_POOL_SIZE ?? 10));
  return {
    db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: namingPool(pool) }), plugins: [countBuilds] }),
    dialect: "postgres",
    pool,
  };
}

const globalHandle = globalThis as unknown as { __platformDb?: Handle };

function handle(): Handle {
  if (!globalHandle.__platformDb) {
    const target = databaseTarget();
    globalHandle.__platformDb =
      target.dialect === "sqlite" ? { db: openSqlite(target.file), dialect: "sqlite" } : openPostgres(target.url);
  }
  return globalHandle.__platformDb;
}

export function getDb(): Db {
  return handle().db;
}

export function dialect(): Dialect {
  return handle().dialect;
}

/** PostgreSQL pool occupancy for /metrics; null on SQLite or before the first query. */
export function poolStats(): { total: number; idle: number; waiting: number } | null {
  const pool = globalHandle.__platformDb?.pool;
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

export async function closeDb(): Promise<void> {
  const current = globalHandle.__platformDb;
  globalHandle.__platformDb = undefined;
  await current?.db.destroy();
  await current?.pool?.endFully();
}

/** SQLite group commit (lib/db/group-commit.ts) unless SQLITE_GROUP_COMMIT=false. */
function groupCommitOn(): boolean {
  return handle().dialect === "sqlite" && process.env.SQLITE_GROUP_COMMIT !== "false";
}

/**
 * On globalThis, like the handle: Next.js bundles this module into several chunks, and a copy's own
 * maps would give each route its own group committer, and lose a settled-hook registered by one copy
 * on a transaction another copy runs (lib/db/statement-cache.ts has the same note).
 */
const sharedState = globalThis as unknown as {
  __platformCommitters?: WeakMap<Db, ReturnType<typeof groupCommitter>>;
  __platformSettledHooks?: WeakMap<Tx, (() => void)[]>;
};
sharedState.__platformCommitters ??= new WeakMap();
const committers = sharedState.__platformCommitters;

/** Group-commit counters of this process (SQLite): for /metrics and benchmarks. */
export function groupCommitStats(): GroupStats | null {
  return committers.get(getDb())?.stats ?? null;
}

/**
 * Runs `fn` in a transaction and answers once its writes are durable. On SQLite concurrent callers
 * share one COMMIT (group commit), each isolated by a savepoint.
 */
export function withTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const db = getDb();
  if (!groupCommitOn()) {
    let own: Tx | undefined;
    return db
      .transaction()
      .execute((tx) => {
        own = tx;
        return fn(tx);
      })
      .finally(() => own && runSettledHooks(own));
  }
  let committer = committers.get(db);
  if (!committer) {
    committer = groupCommitter(() => db, runSettledHooks);
    committers.set(db, committer);
  }
  return committer.run(fn);
}

sharedState.__platformSettledHooks ??= new WeakMap();
const settledHooks = sharedState.__platformSettledHooks;

function runSettledHooks(tx: Tx) {
  const hooks = settledHooks.get(tx);
  settledHooks.delete(tx);
  for (const hook of hooks ?? []) {
    try {
      hook();
    } catch {
      // A hint failing must not stop the transaction machinery (a group commit's next group).
    }
  }
}

/**
 * Runs `hook` once the transaction `db` belongs to has ended (committed or rolled back), or at once
 * outside a transaction. For hints that must not run before a commit is visible (waking a worker
 * for a job just enqueued); a hint may run after a rollback too, so it must be harmless then.
 */
export function whenSettled(db: Db | Tx, hook: () => void): void {
  if (!db.isTransaction) {
    hook();
    return;
  }
  const tx = db as Tx;
  const hooks = settledHooks.get(tx);
  if (hooks) hooks.push(hook);
  else settledHooks.set(tx, [hook]);
}
