/**
 * The request log is redacted, serialised and written in a thread of its own, with its
 * own database connection; the thread that serves requests only queues. A writer waiting for the
 * database (a held lock) holds no request, and the queue stays bounded with its drop counter.
 */
import Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { dialect, getDb } from "@/lib/db/client";
import { databaseTarget } from "@/lib/env";
import { newId } from "@/lib/ids";
import { flushLogs } from "@/lib/ops/logger";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { flushRequestLog, queueRequestLog } from "./buffer";
import { requestLogSettings } from "./settings";
import { WRITER_APPLICATION_NAME } from "./writer-protocol";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Another connection holds what an insert into api_request_log needs until `release`. */
async function holdRequestLogWrites(): Promise<{ release: () => Promise<void> }> {
  const target = databaseTarget();
  if (target.dialect === "sqlite") {
    const other = new Database(target.file);
    other.exec("begin immediate");
    return {
      release: async () => {
        other.exec("commit");
        other.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  await client.query("begin");
  await client.query("lock table api_request_log in share mode");
  return {
    release: async () => {
      await client.query("commit");
      await client.end();
    },
  };
}

/** PostgreSQL: the application names of the connections waiting to insert into api_request_log. */
async function waitingInserters(): Promise<string[]> {
  const client = new pg.Client({ connectionString: (databaseTarget() as { url: string }).url });
  await client.connect();
  try {
    for (let tries = 0; tries < 200; tries++) {
      const { rows } = await client.query<{ application_name: string }>(
        `select application_name from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike 'insert into "api_request_log"%'`,
      );
      if (rows.length > 0) return rows.map((r) => r.application_name);
      await sleep(50);
    }
    return [];
  } finally {
    await client.end();
  }
}

async function written(requestId: string): Promise<number> {
  const row = await getDb()
    .selectFrom("api_request_log")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("request_id", "=", requestId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("request log writer thread", () => {
  it("writes off the thread that serves requests: a writer waiting for the database holds no request", async () => {
    const m = inProcess(await newMerchant());
    await flushRequestLog();
    const requestId = newId("req_thread_");
    expect((await m.api.get("/v2/payments?limit=1", { "x-request-id": requestId })).status).toBe(200);
    const lock = await holdRequestLogWrites();
    let flushing: Promise<void> | undefined;
    try {
      flushing = flushRequestLog();
      // On SQLite the old in-thread INSERT waited for the lock inside better-sqlite3 (busy_timeout,
      // 30 s), and nothing else ran on this thread meanwhile: not this timer, not this request.
      await sleep(200);
      if (dialect() === "postgres") expect(await waitingInserters()).toEqual([WRITER_APPLICATION_NAME]);
      const res = await m.api.get("/v2/payments?limit=1");
      expect(res.status).toBe(200);
      expect(await written(requestId)).toBe(0);
    } finally {
      await lock.release();
    }
    await flushing;
    expect(await written(requestId)).toBe(1);
  });

  it("keeps at most maxBuffered entries while the writer waits, counts what it dropped, then writes the rest", async () => {
    const m = await newMerchant();
    await flushRequestLog();
    const { maxBuffered, batchSize } = requestLogSettings();
    const requestId = newId("req_bounded_");
    const lock = await holdRequestLogWrites();
    const extra = 700;
    try {
      for (let n = 0; n < maxBuffered + batchSize + extra; n++)
        queueRequestLog({
          id: newId("rql_"),
          merchant_id: m.merchant_id,
          store_id: m.store_id,
          api_key_id: null,
          method: "GET",
          path: `/v2/payments/p-${n}`,
          payment_id: `p-${n}`,
          status: 200,
          latency_ms: 1,
          request_id: requestId,
          idempotency_key: null,
          request_body: null,
          response_body: "{}",
          created_at: Date.now(),
        });
      await sleep(300); // the first batch reaches the writer, which waits for the lock
    } finally {
      await lock.release();
    }
    await flushRequestLog();
    await flushRequestLog();
    // The first full batch went to the writer; of the rest the oldest `extra` were dropped.
    expect(await written(requestId)).toBe(batchSize + maxBuffered);
    await flushLogs();
    const dropLines = readFileSync(process.env.LOG_FILE!, "utf8")
      .split("\n")
      .filter((l) => l.includes("request log entries dropped"))
      .map((l) => JSON.parse(l) as { dropped: number; pid: number })
      .filter((l) => l.pid === process.pid);
    expect(dropLines.at(-1)?.dropped).toBe(extra);
  }, 60_000);
});
