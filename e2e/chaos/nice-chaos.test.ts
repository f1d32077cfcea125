import { describe, expect, it } from "vitest";
import { connectNiceChannel } from "@/lib/channels/live";
import { niceKeys } from "@/lib/testing/nice-live";
import { startNiceFake } from "../nice-fake/server";
import { expectSettledAndReconciled, liveChaosFile } from "./live-chaos";

const chaos = await liveChaosFile("nice_chaos");

/**
 * The chaos run of e2e/chaos/chaos.test.ts on a LIVE NICE Payments channel: the production server
 * talks to the wire-level NICE fake (e2e/nice-fake), judged by NICE's document, which times out,
 * drops answers after doing the work, drops connections before it and answers 500, while the
 * server is SIGKILLed. NICE takes no idempotency key: every unknown outcome must be settled by
 * looking the order up, and reconciliation looks each attempt up at NICE (it has no listing).
 */
describe("chaos on a LIVE NICE Payments channel (the NICE fake)", () => {
  it("settles every payment and cancellation exactly once and reconciles by look-ups at NICE", async () => {
    const fake = await startNiceFake({ slowMs: 2_500 });
    process.env.NICE_API_BASE = fake.baseUrl;
    const result = await chaos.run({
      prefix: "CHAOS_NICE",
      defaultPort: 4720,
      env: { NICE_API_BASE: fake.baseUrl },
      connect: (ctx) => connectNiceChannel({ ctx, input: { name: "NICE live", ...niceKeys() } }),
      startFaults: () => fake.setRates({ timeout: 0.03, lost: 0.03, network: 0.03, "500": 0.02 }),
      atLeastPaid: 3,
      close: () => fake.close(),
    });
    // A key-in at NICE is four calls (look-up, one-time key, charge, expiry): fewer per second than Toss's one.
    expectSettledAndReconciled(result, 2);
    // Every request and answer of the run was one NICE's document allows, and the faults were real.
    expect(fake.violations).toEqual([]);
    console.log(JSON.stringify({ faults: Object.fromEntries(fake.faults), hits: Object.fromEntries(fake.hits) }));
    expect([...fake.faults.values()].reduce((n, v) => n + v, 0)).toBeGreaterThan(0);
  });
});
