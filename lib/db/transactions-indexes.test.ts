import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { dialect, getDb } from "./client";
import { migrateToLatest } from "./migrations";
import { TRANSACTIONS_INDEXES, transactionsIndexNames } from "./transactions-indexes";

async function liveIndexNames(): Promise<string[]> {
  const db = getDb();
  const rows =
    dialect() === "sqlite"
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'transactions'`.execute(db)
      : await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where tablename = 'transactions' and schemaname = current_schema()`.execute(
          db,
        );
  return rows.rows.map((r) => r.name).sort();
}

describe("indexes on transactions (each one a measured plan uses, or a money rule)", () => {
  it("the live schema carries exactly the registry's indexes: one added needs its plan and an entry", async () => {
    await migrateToLatest();
    expect(await liveIndexNames()).toEqual(transactionsIndexNames(dialect()));
  });

  it("names for each index the query its plan serves or the rule it enforces, once", () => {
    const names = TRANSACTIONS_INDEXES.map((i) => i.name);
    expect(new Set(names).size).toBe(names.length);
    for (const index of TRANSACTIONS_INDEXES) expect(index.serves.length).toBeGreaterThan(10);
  });
});
