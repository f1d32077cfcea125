import Database from "better-sqlite3";
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type Transaction } from "kysely";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { databaseTarget, type DatabaseTarget } from "@/lib/env";
import type { DB } from "./schema";

export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
export type Dialect = DatabaseTarget["dialect"];

/** SQLite transactions take the write lock up front, so read-then-write never deadlocks between processes. */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver() {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
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
  return new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
}

function openPostgres(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

type Handle = { db: Db; dialect: Dialect };
const globalHandle = globalThis as unknown as { __platformDb?: Handle };

function handle(): Handle {
  if (!globalHandle.__platformDb) {
    const target = databaseTarget();
    const db = target.dialect === "sqlite" ? openSqlite(target.file) : openPostgres(target.url);
    globalHandle.__platformDb = { db, dialect: target.dialect };
  }
  return globalHandle.__platformDb;
}

export function getDb(): Db {
  return handle().db;
}

export function dialect(): Dialect {
  return handle().dialect;
}

export async function closeDb(): Promise<void> {
  const current = globalHandle.__platformDb;
  globalHandle.__platformDb = undefined;
  await current?.db.destroy();
}

export function withTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return getDb().transaction().execute(fn);
}
