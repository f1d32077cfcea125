import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { headers: Record<string, string>; body: string; at: number };

/**
 * A webhook receiver for tests: a node:http server on 127.0.0.1 that records every request and
 * answers with `respond(n)` (n = 1 for the first request), 200 by default.
 */
export async function startWebhookReceiver(respond: (n: number) => number = () => 200) {
  const received: ReceivedWebhook[] = [];
  let answer = respond;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      received.push({ headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const code = answer(received.length);
      res.writeHead(code, { "content-type": "text/plain" }).end(code < 300 ? "ok" : "nope");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    respondWith(fn: (n: number) => number) {
      answer = fn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** Drains webhook jobs (as a worker would) until `done` holds; other test files may drain too. */
export async function drainWebhooksUntil(
  done: () => boolean | Promise<boolean>,
  worker = "test-worker",
  queues?: string[],
) {
  const { drainOnce } = await import("@/lib/jobs/worker");
  const { WEBHOOK_ATTEMPT_QUEUE, WEBHOOK_QUEUE } = await import("@/lib/webhooks/deliveries");
  const deadline = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("webhook deliveries did not finish in time");
    await drainOnce(worker, queues ?? [WEBHOOK_QUEUE, WEBHOOK_ATTEMPT_QUEUE]);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Runs the webhook event job of transaction `txId` in this process, as a worker would (claimed
 * first, so no other test file's drain runs it meanwhile): its fan-out and first attempts happen
 * here, with this process's settings. `lease.signal` already aborted: a worker stopping past its
 * grace. Returns false when the job was no longer queued.
 */
export async function runWebhookEventHere(txId: string, options: { stopping?: boolean } = {}): Promise<boolean> {
  const { getDb } = await import("@/lib/db/client");
  const { claimJob, completeJob } = await import("@/lib/jobs/repository/queue");
  const { WEBHOOK_QUEUE } = await import("@/lib/webhooks/deliveries");
  const { fanOutWebhookJob } = await import("@/lib/webhooks/fan-out");
  const queued = await getDb()
    .selectFrom("jobs")
    .select("id")
    .where("queue", "=", WEBHOOK_QUEUE)
    .where("payload", "like", `%"txId":"${txId}"%`)
    .executeTakeFirst();
  const job = queued && (await claimJob(queued.id, "test-here", 60_000));
  if (!job) return false;
  const lease = new AbortController();
  if (options.stopping) lease.abort();
  await fanOutWebhookJob(JSON.parse(job.payload), job, { signal: lease.signal });
  await completeJob(job);
  return true;
}
