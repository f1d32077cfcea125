/**
 * On SIGTERM, `npm start` stops accepting, finishes in-flight requests and
 * running jobs, and exits 0; so does `npm run worker`. Real processes on the production build,
 * each on a database of its own (these tests stop whole servers and drain the job queue).
 */
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { REPO_ROOT, startHttpServer, type HttpServer, type ServerMerchant } from "@/lib/testing/http-server";
import { scratchDatabase, type ScratchDatabase } from "@/lib/testing/scratch-database";
import { tsEntry } from "@/lib/testing/ts-entry";

const LATENCY_MS = 1_200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let scratch: ScratchDatabase;
beforeAll(async () => {
  scratch = await scratchDatabase("graceful");
});
afterAll(async () => {
  await scratch.drop();
});

function api(server: HttpServer, m: ServerMerchant, method: string, url: string, body?: unknown) {
  return server.fetch(url, {
    method,
    headers: { authorization: `Bearer ${m.accessToken}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const card = {
  card: {
    card_credential: {
      card_number: SANDBOX_CARDS.VISA_OK,
      expiry_month: "12",
      expiry_year: "2099",
      birth_or_business_registration_number: "900101",
      password_two_digits: "12",
    },
  },
};

/** A schedule due in a moment, on a fresh billing key; returns its id. */
async function bookSchedule(server: HttpServer, m: ServerMerchant, paymentId: string): Promise<string> {
  const channel_key = m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key;
  const key = await api(server, m, "POST", "/v2/billing-keys", { channel_key, payment_method_option: card });
  expect(key.status).toBe(200);
  const { billing_key } = (await key.json()) as { billing_key: string };
  const res = await api(server, m, "POST", "/v2/schedules", {
    billing_key,
    payment_id: paymentId,
    order_name: "Plan",
    total_amount: 9900,
    currency: "KRW",
    scheduled_at: new Date(Date.now() + 500).toISOString(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function waitForScheduleStatus(scheduleId: string, status: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await scratch.query<{ status: string }>("select status from schedules where id = ?", [scheduleId]);
    if (row?.status === status) return;
    if (Date.now() > deadline) throw new Error(`schedule ${scheduleId} is ${row?.status}, never ${status}`);
    await sleep(50);
  }
}

async function scheduleOutcome(scheduleId: string) {
  const [schedule] = await scratch.query<{ status: string }>("select status from schedules where id = ?", [scheduleId]);
  const payments = await scratch.query<{ status: string }>("select status from transactions where schedule_id = ?", [
    scheduleId,
  ]);
  const running = await scratch.query<{ n: number }>(
    "select count(*) as n from jobs where dedupe_key = ? and state = 'RUNNING'",
    [`schedule:${scheduleId}`],
  );
  return { schedule: schedule?.status, payments: payments.map((p) => p.status), runningJobs: Number(running[0]?.n) };
}

/** True once the port refuses new connections (the listener is closed). */
async function refusesConnections(server: HttpServer, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const refused = await server.fetch("/healthz", { signal: AbortSignal.timeout(500) }).then(
      () => false,
      () => true,
    );
    if (refused) return true;
    await sleep(50);
  }
  return false;
}

describe("npm start on SIGTERM", () => {
  it("answers the request in flight, refuses new connections, exits 0", async () => {
    const server = await startHttpServer({
      port: 4501,
      databaseUrl: scratch.url,
      env: { SANDBOX_LATENCY_MS: String(LATENCY_MS) },
    });
    try {
      const m = await server.createMerchant();
      const channel_key = m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key;
      const inFlight = api(server, m, "POST", `/v2/payments/graceful-${Date.now()}/instant/pay`, {
        channel_key,
        order_name: "In flight",
        total_amount: 1000,
        currency: "KRW",
        payment_method_option: card,
      });
      await sleep(300); // the request is in the sandbox's simulated latency

      const stopped = server.stop();
      expect(await refusesConnections(server, 1_500)).toBe(true);
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ paid_at: expect.any(String) });
      expect(await stopped).toBe(0);
    } finally {
      await server.kill();
    }
  });

  it("lets the in-app worker finish the job it is running before exiting (0)", async () => {
    const server = await startHttpServer({
      port: 4501,
      databaseUrl: scratch.url,
      env: { SANDBOX_LATENCY_MS: String(LATENCY_MS), WORKER_POLL_MS: "100" },
    });
    try {
      const m = await server.createMerchant();
      const scheduleId = await bookSchedule(server, m, `graceful-schedule-${Date.now()}`);
      await waitForScheduleStatus(scheduleId, "STARTED"); // mid-charge, no request in flight
      expect(await server.stop()).toBe(0);
      expect(await scheduleOutcome(scheduleId)).toEqual({ schedule: "COMPLETED", payments: ["PAID"], runningJobs: 0 });
    } finally {
      await server.kill();
    }
  });
});

/** `npm run worker` (scripts/worker.ts) on the scratch database; `exited` resolves with its exit code. */
function startWorkerProcess(server: HttpServer, env: Record<string, string>) {
  const worker = spawn(process.execPath, tsEntry("scripts/worker.ts"), {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: scratch.url, DATA_DIR: server.dataDir, WORKER_POLL_MS: "100", ...env },
    stdio: "ignore",
  });
  const exited = new Promise<number | null>((resolve) => worker.once("exit", (code) => resolve(code)));
  const kill = () => {
    if (worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
  };
  return { worker, exited, kill };
}

describe("npm run worker on SIGTERM", () => {
  it("lets the running job finish, then exits 0", async () => {
    const server = await startHttpServer({ port: 4502, databaseUrl: scratch.url, env: { WORKER_IN_APP: "false" } });
    const { worker, exited, kill } = startWorkerProcess(server, {
      SANDBOX_LATENCY_MS: String(LATENCY_MS),
      WORKER_NAME: "graceful-test",
    });
    try {
      const m = await server.createMerchant();
      const scheduleId = await bookSchedule(server, m, `graceful-worker-${Date.now()}`);
      await waitForScheduleStatus(scheduleId, "STARTED");
      worker.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(await scheduleOutcome(scheduleId)).toEqual({ schedule: "COMPLETED", payments: ["PAID"], runningJobs: 0 });
    } finally {
      kill();
      await server.kill();
    }
  });

  it("gives a job that outlasts SHUTDOWN_TIMEOUT_MS back to the queue before exiting 0; another worker completes it once", async () => {
    const server = await startHttpServer({ port: 4502, databaseUrl: scratch.url, env: { WORKER_IN_APP: "false" } });
    // The charge takes 8 s, the shutdown may take 2 s (the worker keeps 1 s of it to give the job back).
    const slow = startWorkerProcess(server, {
      SANDBOX_LATENCY_MS: "8000",
      SHUTDOWN_TIMEOUT_MS: "2000",
      WORKER_NAME: "graceful-release",
    });
    let next: ReturnType<typeof startWorkerProcess> | undefined;
    try {
      const m = await server.createMerchant();
      const scheduleId = await bookSchedule(server, m, `graceful-release-${Date.now()}`);
      await waitForScheduleStatus(scheduleId, "STARTED");
      const signalled = Date.now();
      slow.worker.kill("SIGTERM");
      expect(await slow.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(6_000); // within the deadline, not after the charge
      const [job] = await scratch.query<{ state: string; locked_by: string | null }>(
        "select state, locked_by from jobs where dedupe_key = ?",
        [`schedule:${scheduleId}`],
      );
      expect(job).toEqual({ state: "QUEUED", locked_by: null });

      next = startWorkerProcess(server, { WORKER_NAME: "graceful-next" });
      await waitForScheduleStatus(scheduleId, "COMPLETED");
      const payments = await scratch.query<{ status: string }>(
        "select status from transactions where schedule_id = ?",
        [scheduleId],
      );
      expect(payments.map((p) => p.status)).toEqual(["PAID"]);
    } finally {
      slow.kill();
      next?.kill();
      await server.kill();
    }
  }, 60_000); // three processes start here: under a loaded CI machine 30 s was not enough
});
