import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { databaseTarget } from "@/lib/env";
import { scratchDatabase } from "@/lib/testing/scratch-database";
import { closeDb, dialect, getDb, withTransaction } from "./client";

const suite = databaseTarget();

/** A connection of its own to the suite's database, outside the pool under test. */
async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: (suite as { url: string }).url });
  await client.connect();
  return client;
}

/** Runs one statement on an admin connection. */
async function adminQuery<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = await adminClient();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The server ends that backend, as a restart, a failover or an operator would. */
async function terminate(pid: number) {
  await adminQuery("select pg_terminate_backend($1)", [pid]);
  await vi.waitFor(
    async () => expect(await adminQuery("select 1 from pg_stat_activity where pid = $1", [pid])).toHaveLength(0),
    { timeout: 5_000, interval: 20 },
  );
  // The backend sent its FATAL before it exited: give the client a few turns of the loop to read it.
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * A PostgreSQL connection the server drops must cost one failed statement at most, never the
 * process: pg reports the loss as an 'error' event, and one with no listener is an uncaught
 * exception (a CI run died of it, on connections being closed while a test dropped its database).
 * SQLite has no connection to lose: these cases are PostgreSQL's.
 */
describe("PostgreSQL connections the server drops", () => {
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  beforeEach(() => {
    uncaught.length = 0;
    process.on("uncaughtException", record);
  });
  afterEach(() => {
    process.off("uncaughtException", record);
  });
  afterAll(() => closeDb());

  it("an idle pooled connection dropped by the server: no uncaught error, the next query gets a new one", async () => {
    if (dialect() !== "postgres") return;
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(getDb());
    await terminate(rows[0]?.pid ?? 0);
    const again = await sql<{ one: number }>`select 1 as one`.execute(getDb());
    expect(again.rows).toEqual([{ one: 1 }]);
    expect(uncaught).toEqual([]);
  });

  it("a connection held by a transaction between statements: the transaction fails, the process does not", async () => {
    if (dialect() !== "postgres") return;
    await expect(
      withTransaction(async (tx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx);
        await terminate(rows[0]?.pid ?? 0);
        await sql`select 1`.execute(tx);
      }),
    ).rejects.toThrow();
    expect(uncaught).toEqual([]);
    const again = await sql<{ one: number }>`select 1 as one`.execute(getDb());
    expect(again.rows).toEqual([{ one: 1 }]);
  });

  it("closeDb returns once its connections have closed: dropping the database right after finds none", async () => {
    if (dialect() !== "postgres") return;
    const suiteUrl = process.env.DATABASE_URL;
    const scratch = await scratchDatabase("close_db");
    try {
      await closeDb();
      process.env.DATABASE_URL = scratch.url;
      // Several connections at once, then every one of them idle in the pool.
      await Promise.all(Array.from({ length: 10 }, () => sql`select pg_sleep(0.05)`.execute(getDb())));
      const database = new URL(scratch.url).pathname.slice(1);
      // Connected beforehand, so that it asks the moment closeDb has returned.
      const admin = await adminClient();
      try {
        await closeDb();
        const left = await admin.query("select pid from pg_stat_activity where datname = $1", [database]);
        expect(left.rows).toEqual([]);
      } finally {
        await admin.end();
      }
    } finally {
      await closeDb();
      process.env.DATABASE_URL = suiteUrl;
      await scratch.drop();
    }
    expect(uncaught).toEqual([]);
  });
});
