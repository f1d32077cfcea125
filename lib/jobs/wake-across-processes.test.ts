import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, dialect } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { migrateToLatest } from "@/lib/db/migrations/index";
import { newId } from "@/lib/ids";
import { newMerchant } from "@/lib/testing/fixtures";
import { REPO_ROOT } from "@/lib/testing/http-server";
import { scratchDatabase, type ScratchDatabase } from "@/lib/testing/scratch-database";
import { TEST_ENV } from "@/lib/testing/test-env";
import { tsEntry } from "@/lib/testing/ts-entry";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { enqueueWebhook } from "@/lib/webhooks/enqueue";

/**
 * A worker in its own process (`npm run worker`, WORKER_IN_APP=false: the PostgreSQL deployment)
 * learns of a job another process committed. On PostgreSQL through NOTIFY: its poll
 * is an hour away, so only the notification can deliver within the test. SQLite has no
 * notifications: there the worker's poll (WORKER_POLL_MS) is what finds the job, and that is what
 * the test checks. Its own database: the worker must not drain other files' jobs, nor they its.
 */
describe("a worker in another process", () => {
  const suiteUrl = process.env.DATABASE_URL;
  let scratch: ScratchDatabase;
  let receiver: WebhookReceiver;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    scratch = await scratchDatabase("wake_across");
    await closeDb();
    process.env.DATABASE_URL = scratch.url;
    await migrateToLatest();
    receiver = await startWebhookReceiver();
  });

  afterAll(async () => {
    if (worker?.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once("exit", resolve));
      worker.kill("SIGTERM");
      await exited;
    }
    await receiver?.close();
    await closeDb();
    process.env.DATABASE_URL = suiteUrl;
    await scratch?.drop();
  });

  it("delivers a webhook committed here at once, without waiting for its poll (PostgreSQL NOTIFY)", async () => {
    const merchant = await newMerchant({ webhookUrl: receiver.url });
    worker = spawn(process.execPath, tsEntry("scripts/worker.ts"), {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...TEST_ENV,
        DATABASE_URL: scratch.url,
        WORKER_NAME: "wake-across",
        WORKER_POLL_MS: dialect() === "postgres" ? "3600000" : "200",
      },
      stdio: "ignore",
    });
    const paid = async () => {
      const paymentId = `wake-${newId()}`;
      await transaction((tx) =>
        enqueueWebhook(tx, {
          merchantId: merchant.merchant_id,
          storeId: merchant.store_id,
          paymentId,
          txId: newId("tx_"),
          status: "Paid",
          noticeUrls: [],
        }),
      );
      return paymentId;
    };
    const arrived = (paymentId: string) =>
      vi.waitFor(() => expect(receiver.received.some((r) => r.body.includes(paymentId))).toBe(true), {
        timeout: 40_000,
        interval: 20,
      });
    // The first event is found by the worker's first claim or its notification, whichever comes:
    // once it arrived the worker is up, has claimed, and rests until its next poll.
    await arrived(await paid());
    // On PostgreSQL only the NOTIFY of this commit can wake it now.
    await arrived(await paid());
    if (dialect() === "postgres") {
      // Its LISTEN connection dies (a network fault, a restarted PostgreSQL): it reconnects, and
      // the next commit wakes it again.
      const killed = await scratch.query<{ pid: number }>(
        "select pg_terminate_backend(pid) as pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%'",
      );
      expect(killed).toHaveLength(1);
    }
    await arrived(await paid());
  }, 90_000);
});
