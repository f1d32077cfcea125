import { describe, expect, it } from "vitest";
import { connectNiceChannel, connectTossChannel } from "@/lib/channels/live";
import { getDb } from "@/lib/db/client";
import { createChannelGroup } from "@/lib/routing/groups";
import type { RoutingRecord } from "@/lib/routing/schema";
import { niceKeys } from "@/lib/testing/nice-live";
import { liveSecretKey } from "@/lib/testing/toss-live";
import { startNiceFake } from "../nice-fake/server";
import { startTossFake } from "../toss-fake/server";
import { expectSettledAndReconciled, liveChaosFile } from "./live-chaos";
import { chargesPerPayment, lookUpsDueNow } from "./routing-ledgers";

const chaos = await liveChaosFile("routing_chaos");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The run's routing decisions (the file's database holds this run only). */
async function routingDecisions(): Promise<RoutingRecord[]> {
  const rows = await getDb().selectFrom("transaction_routing").select("decision").execute();
  return rows.map((r) => JSON.parse(r.decision) as RoutingRecord);
}

/** Why each payment that went around a channel did: a failover from it, or it skipped. */
async function wentAround(): Promise<string[]> {
  return (await routingDecisions())
    .map((d) => d.failover_after?.cause ?? d.skipped[0]?.reason)
    .filter((cause): cause is string => Boolean(cause));
}

/**
 * The chaos run of docs/routing.md: key-in payments through a channel group over a LIVE Toss
 * channel (the Toss fake) and a LIVE NICE channel (the NICE fake), 50/50, while the Toss fake
 * refuses every connection for the middle of the window (the failover case) and the NICE fake
 * answers slowly; both time out and drop answers after doing the work now and then (cases that
 * must never fail over), and the server is SIGKILLed once. Every payment must end paid on at most
 * one attempt and charged at most once across both PGs' books, and reconciliation must be empty.
 * After the outage the look-ups it postponed are made due at once (the run is too short to wait
 * out their backoff).
 * Env: CHAOS_ROUTING_PORT (4730), _LOAD_MS (12 s), _KILLS (1), _FAULT_RATE (0.03).
 */
describe("chaos through a channel group over LIVE Toss and NICE channels (the fakes)", () => {
  it("settles every payment on one channel, charges it at most once and reconciles", async () => {
    const toss = await startTossFake({ slowMs: 2_500 });
    const nice = await startNiceFake({ slowMs: 2_500 });
    process.env.TOSS_API_BASE = toss.baseUrl;
    process.env.NICE_API_BASE = nice.baseUrl;
    const rate = Number(process.env.CHAOS_ROUTING_FAULT_RATE ?? 0.03);
    const nk = niceKeys();
    const tossKey = liveSecretKey();
    let refusedMs = 0;
    let outageOver = false;
    const result = await chaos.run({
      prefix: "CHAOS_ROUTING",
      defaultPort: 4730,
      // Circuits stay closed (TEST_ENV): every try on the refusing PG is a failover to see.
      env: { TOSS_API_BASE: toss.baseUrl, NICE_API_BASE: nice.baseUrl },
      connect: async (ctx) => [
        await connectTossChannel({
          ctx,
          input: { name: "Toss live", pgMerchantId: `mid_${tossKey.slice(-6)}`, secretKey: tossKey },
        }),
        await connectNiceChannel({ ctx, input: { name: "NICE live", ...nk } }),
      ],
      keyIn: async (ctx, keys) => {
        const targets = keys.map((channel_key) => ({ channel_key, weight: 50 }));
        return (await createChannelGroup({ ctx, input: { name: "Toss and NICE", targets, rules: [] } })).key;
      },
      // Mostly key-in payments (the ones a group routes); billing keys stay on their channel.
      loops: { keyIn: 4, billingKey: 1, schedule: 1, cancel: 1 },
      startFaults: () => {
        toss.setRates({ timeout: rate, lost: rate });
        nice.setRates({ timeout: rate, lost: rate });
        nice.setLatency(150, 700);
      },
      // The load goes on until the outage and its look-ups are over.
      moreNeeded: () => !outageOver,
      during: async (loadMs) => {
        await sleep(loadMs * 0.2);
        const from = Date.now();
        toss.refuseConnections();
        // The outage lasts its share of the window and until a payment went around it: on a busy
        // machine a restart of the server can take the whole share.
        await sleep(loadMs * 0.4);
        while ((await wentAround()).length === 0 && Date.now() - from < 2 * loadMs) await sleep(500);
        await toss.acceptConnections();
        refusedMs = Date.now() - from;
        // What the outage left to look up is looked up now, not after minutes of backoff.
        await sleep(1_000);
        await lookUpsDueNow();
        await sleep(loadMs * 0.4);
        await lookUpsDueNow();
        outageOver = true;
      },
      atLeastPaid: 4,
      close: async () => {
        await toss.close();
        await nice.close();
      },
    });
    const books = await chargesPerPayment(result.storeId, {
      toss: [...toss.ledger.payments.values()].filter((p) => p.approvedAt !== null).map((p) => p.orderId),
      nice: [...(nice.ledger.find(nk.clientKey)?.payments.values() ?? [])]
        .filter((p) => p.status !== "failed")
        .map((p) => p.orderId),
    });
    console.log(JSON.stringify({ refusedMs, ...books.figures }));
    expectSettledAndReconciled(result, 3);
    expect(books.violations).toEqual([]);
    // Each answered 200 is the one paid attempt of its payment.
    for (const p of result.log.payments) {
      if (p.kind !== "key-in" || p.outcome?.final !== true || p.outcome.answer.status !== 200) continue;
      expect(books.paidAttempt.get(p.paymentId), p.paymentId).toBe(p.outcome.answer.body?.tx_id);
    }
    // Both PGs took money, and the outage was real: payments went around the refusing PG, by
    // failing over from it or by skipping it while its circuit was open.
    expect(books.figures.chargedAt.toss).toBeGreaterThan(0);
    expect(books.figures.chargedAt.nice).toBeGreaterThan(0);
    const decisions = await routingDecisions();
    const around = await wentAround();
    console.log(JSON.stringify({ routed: decisions.length, around }));
    expect(around.length).toBeGreaterThan(0);
    expect(nice.violations).toEqual([]);
  });
});
