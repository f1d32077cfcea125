import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { callApi } from "@/lib/testing/api";
import { noteWorkerHeartbeat } from "./heartbeat";

const env = { ...process.env };
afterEach(() => {
  for (const name of ["WORKER_IN_APP", "WORKER_HEARTBEAT_STALE_MS"]) {
    if (env[name] === undefined) delete process.env[name];
    else process.env[name] = env[name];
  }
});

describe("GET /healthz", () => {
  it("answers 200 without authentication while the process is up", async () => {
    const res = await callApi("GET", "/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", uptime_seconds: expect.any(Number) });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("GET /readyz", () => {
  it("is ready when the database answers, the schema is current and the in-app worker polls", async () => {
    noteWorkerHeartbeat();
    const res = await callApi("GET", "/readyz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "ready",
      checks: {
        database: { ok: true, latency_ms: expect.any(Number) },
        migrations: { ok: true, pending: [] },
        worker: { ok: true, last_poll_ms_ago: expect.any(Number) },
      },
    });
    // No connection string, host, user or file path in a public answer.
    expect(JSON.stringify(res.body)).not.toMatch(/postgres|file:|\.db|127\.0\.0\.1/);
  });

  it("is not ready (503) when the worker stopped polling", async () => {
    noteWorkerHeartbeat();
    process.env.WORKER_HEARTBEAT_STALE_MS = "1";
    await new Promise((r) => setTimeout(r, 20));
    const res = await callApi("GET", "/readyz");
    expect(res.status).toBe(503);
    expect(res.body.status).toBe("not_ready");
    expect(res.body.checks.worker).toEqual({ ok: false, last_poll_ms_ago: expect.any(Number) });
    expect(res.body.checks.database.ok).toBe(true);
  });

  it("does not check a worker when the web server runs none (WORKER_IN_APP=false)", async () => {
    process.env.WORKER_IN_APP = "false";
    process.env.WORKER_HEARTBEAT_STALE_MS = "1";
    const res = await callApi("GET", "/readyz");
    expect(res.status).toBe(200);
    expect(res.body.checks.worker).toBeUndefined();
  });

  it("is not ready (503) while a migration this code knows is not applied, naming it", async () => {
    noteWorkerHeartbeat();
    const db = getDb();
    const row = await db
      .selectFrom("kysely_migration" as never)
      .selectAll()
      .where("name" as never, "=", "0050_ops" as never)
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = '0050_ops'`.execute(db);
    try {
      const res = await callApi("GET", "/readyz");
      expect(res.status).toBe(503);
      expect(res.body.checks.migrations).toEqual({ ok: false, pending: ["0050_ops"] });
    } finally {
      // 0050 is idempotent, so a process migrating meanwhile may already have put it back.
      await db
        .insertInto("kysely_migration" as never)
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    expect((await callApi("GET", "/readyz")).status).toBe(200);
  });
});
