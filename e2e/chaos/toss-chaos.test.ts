import { describe, expect, it } from "vitest";
import { connectTossChannel } from "@/lib/channels/live";
import { liveSecretKey } from "@/lib/testing/toss-live";
import { startTossFake } from "../toss-fake/server";
import { expectSettledAndReconciled, liveChaosFile } from "./live-chaos";

const chaos = await liveChaosFile("toss_chaos");

/**
 * The chaos run of e2e/chaos/chaos.test.ts on a LIVE Toss Payments channel: the production server
 * talks to the wire-level Toss fake (e2e/toss-fake), which times out, drops answers after doing
 * the work, drops connections before it and answers 500, while the server is SIGKILLed. Kept short
 * (one kill, ~12 s of traffic, the server's own worker) so it adds little to `npm test`; the
 * invariants and the reconciliation against Toss's transaction listing are the same.
 */
describe("chaos on a LIVE Toss Payments channel (the Toss fake)", () => {
  it("settles every payment and cancellation exactly once and reconciles with Toss's listing", async () => {
    const fake = await startTossFake({ slowMs: 2_500 });
    process.env.TOSS_API_BASE = fake.baseUrl;
    const result = await chaos.run({
      prefix: "CHAOS_TOSS",
      defaultPort: 4710,
      env: { TOSS_API_BASE: fake.baseUrl },
      connect: (ctx) => {
        const secretKey = liveSecretKey();
        return connectTossChannel({
          ctx,
          input: { name: "Toss live", pgMerchantId: `mid_${secretKey.slice(-6)}`, secretKey },
        });
      },
      startFaults: () => fake.setRates({ timeout: 0.03, lost: 0.03, network: 0.03, "500": 0.02 }),
      atLeastPaid: 6,
      close: () => fake.close(),
    });
    expectSettledAndReconciled(result, 5);
    // The faults were real: Toss was asked again after answers that never came.
    expect(
      [...fake.hits.entries()].filter(([k]) => k.startsWith("GET")).reduce((n, [, v]) => n + v, 0),
    ).toBeGreaterThan(0);
  });
});
