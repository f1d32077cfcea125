import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { setChannelEnabled } from "@/lib/channels/live";
import type { LiveChannelView } from "@/lib/channels/live-schema";
import type { AuthContext } from "@/lib/auth/context";
import { closeDb } from "@/lib/db/client";
import { type ChaosOptions, type ChaosResult, runChaos } from "@/lib/testing/chaos/run";
import { scratchDatabase } from "@/lib/testing/scratch-database";
import { ownerContext } from "@/lib/testing/toss-live";

/**
 * The short chaos run of docs/chaos.md on a LIVE channel of a real PG's adapter, served by that PG's
 * wire-level fake (e2e/chaos/toss-chaos.test.ts, nice-chaos.test.ts). Call at the top of the file
 * (top-level await): it gives the file a database of its own (the sandbox's run reconciles every
 * LIVE channel it finds, and this one's secret is sealed under another key) and this process's
 * signing secret, which the server shares to open the channel's sealed keys.
 */
export async function liveChaosFile(name: string) {
  const signingSecret = randomBytes(32).toString("base64url");
  process.env.TOKEN_SIGNING_SECRET = signingSecret;
  const scratch = await scratchDatabase(name);
  process.env.DATABASE_URL = scratch.url;
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closers) await close();
    await closeDb();
    await scratch.drop();
  });

  return {
    /**
     * One run: `connect` makes the LIVE channel or channels (their connection tests need straight
     * answers), then `startFaults` turns the fakes' faults on. Billing keys are issued on the first
     * channel; key-in payments go to it too, or to the key `keyIn` makes of the channels' keys (a
     * channel group). `during` runs beside the load. Env: `${prefix}_PORT`, `_LOAD_MS` (12 s),
     * `_KILLS` (1).
     */
    async run(options: {
      prefix: string;
      defaultPort: number;
      env: Record<string, string>;
      connect: (ctx: AuthContext) => Promise<LiveChannelView | LiveChannelView[]>;
      keyIn?: (ctx: AuthContext, channelKeys: string[]) => Promise<string>;
      startFaults: () => void;
      during?: (loadMs: number) => Promise<void>;
      loops?: ChaosOptions["loops"];
      /** The payments that must be answered paid (more than `expectSettledAndReconciled`'s `minPaid`). */
      atLeastPaid: number;
      moreNeeded?: () => boolean;
      close: () => Promise<void>;
    }): Promise<ChaosResult> {
      closers.push(options.close);
      const dataDir = path.join(process.env.DATA_DIR!, name);
      mkdirSync(dataDir, { recursive: true });
      const env = process.env;
      return runChaos({
        port: Number(env[`${options.prefix}_PORT`] ?? options.defaultPort),
        databaseUrl: scratch.url,
        dataDir,
        workers: 0,
        loadMs: Number(env[`${options.prefix}_LOAD_MS`] ?? 12_000),
        kills: Number(env[`${options.prefix}_KILLS`] ?? 1),
        atLeast: { paid: options.atLeastPaid, cancels: 1 },
        moreNeeded: options.moreNeeded,
        concurrency: 2,
        loops: options.loops,
        retryForMs: 20_000,
        settleTimeoutMs: 60_000,
        env: { ...options.env, TOKEN_SIGNING_SECRET: signingSecret },
        async channel(merchant) {
          const ctx = ownerContext(merchant);
          const keys: string[] = [];
          for (const connected of [await options.connect(ctx)].flat()) {
            if (!connected.testedAt) throw new Error(`connection test failed: ${connected.testError}`);
            const live = await setChannelEnabled({ ctx, input: { channelId: connected.id, enabled: true } });
            keys.push(live.key);
          }
          const keyIn = options.keyIn ? await options.keyIn(ctx, keys) : keys[0]!;
          options.startFaults();
          return { channel: keys[0]!, keyIn };
        },
        during: options.during,
      });
    },
  };
}

/** What every live chaos run must end with: no invariant broken, nothing unsettled, no mismatch. */
export function expectSettledAndReconciled(result: ChaosResult, minPaid: number): void {
  console.log(JSON.stringify(result.figures));
  expect(result.violations, result.violations.length > 0 ? result.serverLog().slice(-3000) : "").toEqual([]);
  expect(result.report).toEqual({ checked: expect.any(Number), mismatches: [], unsettled: [] });
  expect(result.figures.payments.answeredPaid).toBeGreaterThan(minPaid);
  expect(result.figures.cancels.succeeded).toBeGreaterThan(0);
  expect(result.figures.restartSeconds).toHaveLength(result.figures.serverKills);
}
