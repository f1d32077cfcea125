import Database from "better-sqlite3";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { databaseTarget } from "@/lib/env";

export type ScratchDatabase = {
  /** DATABASE_URL for processes (CLI, servers, workers) that should use this database. */
  url: string;
  /** Runs a read in it directly (the test process's own getDb() stays on the suite's database). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
};

/**
 * A database of its own, of the suite's kind (SQLite file or a new PostgreSQL database in the same
 * cluster), for tests that restore, kill or drain a whole process and must not disturb other files.
 */
export async function scratchDatabase(name: string): Promise<ScratchDatabase> {
  const suite = databaseTarget();
  if (suite.dialect === "sqlite") {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), `${name}-`)), "scratch.db");
    return {
      url: `file:${file}`,
      async query<T>(text: string, params: unknown[] = []) {
        const db = new Database(file, { readonly: true, fileMustExist: true });
        try {
          return db.prepare(text).all(...params) as T[];
        } finally {
          db.close();
        }
      },
      async drop() {},
    };
  }
  const database = `${name}_${process.pid}_${Date.now()}`.replace(/[^a-z0-9_]/gi, "_").toLowerCase();
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: suite.url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${database}"`);
  const url = suite.url.replace(/\/[^/?]+(\?|$)/, `/${database}$1`);
  return {
    url,
    async query<T>(text: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // Same placeholders on both databases: `?` becomes $1, $2, …
        let n = 0;
        return (
          await client.query(
            text.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rows as T[];
      } finally {
        await client.end();
      }
    },
    drop: () => admin(`drop database if exists "${database}" with (force)`),
  };
}
