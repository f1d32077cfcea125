/**
 * The production server's in-app worker runs a job committed by a request at once, not
 * at its next poll. Next.js bundles lib/jobs/wake.ts into the route that enqueues and, separately,
 * into instrumentation.ts, which starts the worker; with the wake's state in module scope the two
 * copies never met and every webhook waited for the poll (unit tests run one copy and could not
 * see it). Real server on the production build, on a database of its own (its worker drains it).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { startHttpServer, type HttpServer } from "@/lib/testing/http-server";
import { scratchDatabase, type ScratchDatabase } from "@/lib/testing/scratch-database";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

let scratch: ScratchDatabase;
let server: HttpServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  scratch = await scratchDatabase("in_app_wake");
  receiver = await startWebhookReceiver();
  // The worker's next poll is an hour away: only the in-process wake can run the webhook in time.
  server = await startHttpServer({ port: 4210, databaseUrl: scratch.url, env: { WORKER_POLL_MS: "3600000" } });
});

afterAll(async () => {
  await server?.kill();
  await receiver?.close();
  await scratch?.drop();
});

describe("the in-app worker of the production server", () => {
  it("sends a payment's webhook right after the payment, without waiting for its poll", async () => {
    const m = await server.createMerchant();
    const channel_key = m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key;
    const paymentId = `wake-${Date.now()}`;
    const res = await server.fetch(`/v2/payments/${paymentId}/instant/pay`, {
      method: "POST",
      headers: { authorization: `Bearer ${m.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        channel_key,
        order_name: "Wake",
        total_amount: 1000,
        currency: "KRW",
        notice_urls: [receiver.url],
        payment_method_option: {
          card: {
            card_credential: {
              card_number: SANDBOX_CARDS.VISA_OK,
              expiry_month: "12",
              expiry_year: "2099",
              birth_or_business_registration_number: "900101",
              password_two_digits: "12",
            },
          },
        },
      }),
    });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(receiver.received.some((r) => r.body.includes(paymentId))).toBe(true), {
      timeout: 30_000,
      interval: 20,
    });
  }, 60_000);
});
