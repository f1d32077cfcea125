import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeDb, dialect, getDb } from "@/lib/db/client";
import { callApi } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";
import { noteWorkerHeartbeat } from "./heartbeat";
import { flushLogs } from "./logger";

/**
 * A write the database refuses for space or I/O is a 503 with Retry-After in
 * the endpoint's envelope (not a 500), /readyz fails while the database cannot write, and the log
 * keeps the first cause. SQLite: a real SQLITE_FULL (max_page_count at the file's size, its free
 * pages used up); PostgreSQL: a trigger raising SQLSTATE 53100 disk_full for marked rows.
 */
const logFile = vi.hoisted(() => {
  const file = `${process.env.TMPDIR ?? "/tmp"}/storage-failure-${process.pid}-${Date.now()}.log`;
  process.env.LOG_FILE = file;
  process.env.STORAGE_FAILURE_HOLD_MS = "1500";
  return file;
});

const MARKER = "disk full order";
/** A 10 KB custom_data needs new pages for its overflow: under a full disk the attempt's insert fails. */
const BIG = "x".repeat(10_000);

async function fillDisk(): Promise<void> {
  const db = getDb();
  if (dialect() === "sqlite") {
    await sql`create table if not exists disk_fill (b blob)`.execute(db);
    await sql`pragma max_page_count = 1`.execute(db); // never below the file's size: it stops growing
    for (const size of [65_536, 4_096, 512, 64])
      for (;;) {
        try {
          await sql`insert into disk_fill values (zeroblob(${size}))`.execute(db);
        } catch {
          break; // SQLITE_FULL: no free page (or room) left for this size
        }
      }
    return;
  }
  await sql`create or replace function disk_full_for_marked() returns trigger language plpgsql as $$
    begin
      if new.order_name = ${sql.lit(MARKER)} then
        raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create or replace trigger disk_full_for_marked before insert on transactions
    for each row execute function disk_full_for_marked()`.execute(db);
}

async function freeDisk(): Promise<void> {
  const db = getDb();
  if (dialect() === "sqlite") {
    await sql`pragma max_page_count = 4294967294`.execute(db);
    await sql`drop table if exists disk_fill`.execute(db);
    return;
  }
  await sql`drop trigger if exists disk_full_for_marked on transactions`.execute(db);
}

afterEach(freeDisk);

/** This process's log (written asynchronously: flushed first; another process's unfinished last line left out). */
const logLines = async () => {
  await flushLogs();
  const text = readFileSync(logFile, "utf8");
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; err?: { code?: string; message?: string } });
};

describe("a write refused for space or I/O", () => {
  it("answers 503 SERVICE_UNAVAILABLE with Retry-After, /readyz fails meanwhile, the log keeps the first cause", async () => {
    const m = await newMerchant();
    noteWorkerHeartbeat();
    expect((await callApi("GET", "/readyz")).status).toBe(200);
    await fillDisk();

    const res = await m.api.post(
      `/v2/payments/${newPaymentId()}/instant/pay`,
      cardPayBody(m, undefined, { order_name: MARKER, custom_data: BIG }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(res.body).toEqual({
      code: "SERVICE_UNAVAILABLE",
      params: { retry_after: expect.any(Number), message: expect.any(String) },
    });

    noteWorkerHeartbeat();
    const ready = await callApi("GET", "/readyz");
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: "not_ready", checks: { database: { ok: false } } });

    const lines = await logLines();
    const refused = lines.find((l) => l.msg.includes("refused a write"));
    expect(refused?.err?.code).toMatch(/^(SQLITE_FULL|53100)$/);
    expect(JSON.stringify(lines)).not.toContain("cannot rollback");
    expect(lines.filter((l) => l.msg === "unhandled error")).toEqual([]);

    // Space again: requests succeed and the process is ready once the hold is over, without a restart.
    await freeDisk();
    const paid = await m.api.post(`/v2/payments/${newPaymentId()}/instant/pay`, cardPayBody(m));
    expect(paid.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_600));
    noteWorkerHeartbeat();
    expect((await callApi("GET", "/readyz")).status).toBe(200);
  });

  it("/readyz tries a write: a database that can read but not write is not ready", async () => {
    // One connection, so the read-only setting below is the one every query of this process uses.
    await closeDb();
    process.env.DATABASE_POOL_SIZE = "1";
    const db = getDb();
    const readOnly = (on: boolean) =>
      dialect() === "sqlite"
        ? sql`pragma query_only = ${sql.raw(on ? "1" : "0")}`.execute(db)
        : sql`set default_transaction_read_only = ${sql.raw(on ? "on" : "off")}`.execute(db);
    try {
      await readOnly(true);
      noteWorkerHeartbeat();
      const res = await callApi("GET", "/readyz");
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ checks: { database: { ok: false, error: "cannot write" } } });
    } finally {
      await readOnly(false);
      await closeDb();
      delete process.env.DATABASE_POOL_SIZE;
    }
  });
});
