import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { migrateToLatest } from "@/lib/db/migrations/index";
import { transaction } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { startWorker, type WorkerHandle } from "@/lib/jobs/worker";
import { newMerchant } from "@/lib/testing/fixtures";
import { scratchDatabase, type ScratchDatabase } from "@/lib/testing/scratch-database";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { enqueueWebhook } from "./enqueue";

/** A receiver that takes every request and never answers (until the test closes it). */
async function startHangingReceiver() {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server = http.createServer(() => {
    requests += 1;
  });
  server.on("connection", (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests: () => requests,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const SETTINGS = {
  WORKER_OUTBOUND_CONCURRENCY: "3",
  WEBHOOK_DESTINATION_CONCURRENCY: "2",
  // The hanging receiver would hold an attempt far longer than the test may run.
  WEBHOOK_TIMEOUT_MS: "600000",
  WORKER_POLL_MS: "200",
};

/**
 * One merchant's receiver hangs until WEBHOOK_TIMEOUT_MS: it must not hold every slot of the
 * outbound lane and delay another merchant's first attempt. Its own database: the
 * worker runs in this process and must not take other files' deliveries, nor they these.
 */
describe("a hanging webhook destination", () => {
  const suiteUrl = process.env.DATABASE_URL;
  const previous = Object.fromEntries(Object.keys(SETTINGS).map((k) => [k, process.env[k]]));
  let scratch: ScratchDatabase;
  let hanging: Awaited<ReturnType<typeof startHangingReceiver>>;
  let healthy: WebhookReceiver;
  let worker: WorkerHandle | undefined;

  beforeAll(async () => {
    scratch = await scratchDatabase("destination_limit");
    await closeDb();
    process.env.DATABASE_URL = scratch.url;
    await migrateToLatest();
    Object.assign(process.env, SETTINGS);
    hanging = await startHangingReceiver();
    healthy = await startWebhookReceiver();
  });

  afterAll(async () => {
    // The hung requests fail at once, then the worker stops and gives back what it still holds.
    await hanging?.close();
    await worker?.stop({ graceMs: 2_000 });
    await healthy?.close();
    await closeDb();
    process.env.DATABASE_URL = suiteUrl;
    for (const [k, v] of Object.entries(previous)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await scratch?.drop();
  });

  it("takes at most WEBHOOK_DESTINATION_CONCURRENCY slots; another destination's first attempt goes out meanwhile", async () => {
    const slow = await newMerchant({ webhookUrl: hanging.url });
    const other = await newMerchant({ webhookUrl: healthy.url });
    const event = (m: typeof slow) =>
      transaction((tx) =>
        enqueueWebhook(tx, {
          merchantId: m.merchant_id,
          storeId: m.store_id,
          paymentId: `hang-${newId()}`,
          txId: newId("tx_"),
          status: "Paid",
          noticeUrls: [],
        }),
      );
    // More events to the hanging receiver than the lane has slots, all due before the other one.
    for (let i = 0; i < 6; i++) await event(slow);
    await event(other);
    worker = startWorker({ name: "destination-limit" });
    await vi.waitFor(() => expect(healthy.received).toHaveLength(1), { timeout: 20_000, interval: 20 });
    // The hanging destination got its limit of requests, no more: the rest wait for a slot, unattempted.
    await vi.waitFor(() => expect(hanging.requests()).toBe(2), { timeout: 5_000, interval: 20 });
    const waiting = await getDb()
      .selectFrom("webhook_deliveries")
      .select(["attempts", "state"])
      .where("merchant_id", "=", slow.merchant_id)
      .execute();
    expect(waiting).toHaveLength(6);
    expect(waiting.filter((d) => d.attempts === 0 && d.state === "PENDING")).toHaveLength(6);
    // The receiver goes away: the hung requests fail, and each freed slot brings a put-off attempt
    // forward at once (on their own they would wait for the hung requests' 10-minute timeout).
    await hanging.close();
    await vi.waitFor(
      async () => {
        const attempted = await getDb()
          .selectFrom("webhook_deliveries")
          .select("attempts")
          .where("merchant_id", "=", slow.merchant_id)
          .where("attempts", ">", 0)
          .execute();
        expect(attempted).toHaveLength(6);
      },
      { timeout: 20_000, interval: 50 },
    );
  }, 60_000);
});
