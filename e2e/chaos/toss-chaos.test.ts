import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectTossChannel, setChannelEnabled } from "@/lib/channels/live";
import { closeDb } from "@/lib/db/client";
import { runChaos } from "@/lib/testing/chaos/run";
import { scratchDatabase } from "@/lib/testing/scratch-database";
import { liveSecretKey, ownerContext } from "@/lib/testing/toss-live";
import { startTossFake, type TossFake } from "../toss-fake/server";

// This process seals the channel's secret key and the server opens it: both derive the sealing key
// from this signing secret (set before anything here reads lib/env's secrets).
const TOKEN_SIGNING_SECRET = randomBytes(32).toString("base64url");
process.env.TOKEN_SIGNING_SECRET = TOKEN_SIGNING_SECRET;
// A database of its own: the sandbox's chaos run (same vitest run) reconciles every LIVE channel it
// finds, and this channel's secret is sealed under another key, so it would stay unsettled there.
const scratch = await scratchDatabase("toss_chaos");
process.env.DATABASE_URL = scratch.url;

let fake: TossFake | undefined;
afterAll(async () => {
  await fake?.close();
  await closeDb();
  await scratch.drop();
});

/**
 * The chaos run of e2e/chaos/chaos.test.ts on a LIVE Toss Payments channel: the production server
 * talks to the wire-level Toss fake (e2e/toss-fake), which times out, drops answers after doing
 * the work, drops connections before it and answers 500, while the server is SIGKILLed. Kept short
 * (one kill, ~12 s of traffic, the server's own worker) so it adds little to `npm test`; the
 * invariants and the reconciliation against Toss's transaction listing are the same.
 */
describe("chaos on a LIVE Toss Payments channel (the Toss fake)", () => {
  it("settles every payment and cancellation exactly once and reconciles with Toss's listing", async () => {
    fake = await startTossFake({ slowMs: 2_500 });
    process.env.TOSS_API_BASE = fake.baseUrl;
    const dataDir = path.join(process.env.DATA_DIR!, "chaos-toss");
    mkdirSync(dataDir, { recursive: true });
    const result = await runChaos({
      port: Number(process.env.CHAOS_TOSS_PORT ?? 4710),
      databaseUrl: scratch.url,
      dataDir,
      workers: 0,
      loadMs: Number(process.env.CHAOS_TOSS_LOAD_MS ?? 12_000),
      kills: Number(process.env.CHAOS_TOSS_KILLS ?? 1),
      concurrency: 2,
      retryForMs: 20_000,
      settleTimeoutMs: 60_000,
      env: { TOSS_API_BASE: fake.baseUrl, TOKEN_SIGNING_SECRET },
      async channel(merchant) {
        const ctx = ownerContext(merchant);
        const secretKey = liveSecretKey();
        const connected = await connectTossChannel({
          ctx,
          input: { name: "Toss live", pgMerchantId: `mid_${secretKey.slice(-6)}`, secretKey },
        });
        if (!connected.testedAt) throw new Error(`connection test failed: ${connected.testError}`);
        const live = await setChannelEnabled({ ctx, input: { channelId: connected.id, enabled: true } });
        // Faults from now on: the connection test above needed a straight answer.
        fake!.setRates({ timeout: 0.03, lost: 0.03, network: 0.03, "500": 0.02 });
        return live.key;
      },
    });
    console.log(JSON.stringify(result.figures));
    expect(result.violations, result.violations.length > 0 ? result.serverLog().slice(-3000) : "").toEqual([]);
    expect(result.report).toEqual({ checked: expect.any(Number), mismatches: [], unsettled: [] });
    expect(result.figures.payments.answeredPaid).toBeGreaterThan(5);
    expect(result.figures.cancels.succeeded).toBeGreaterThan(0);
    expect(result.figures.restartSeconds).toHaveLength(result.figures.serverKills);
    // The faults were real: Toss was asked again after answers that never came.
    expect(
      [...fake.hits.entries()].filter(([k]) => k.startsWith("GET")).reduce((n, [, v]) => n + v, 0),
    ).toBeGreaterThan(0);
  });
});
