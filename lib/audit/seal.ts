import { setTimeout as sleep } from "node:timers/promises";
import { logger } from "@/lib/ops/logger";
import { GENESIS_HASH, entryHash } from "./hash";
import { merchantsWithUnsealed, sealBatch, unsealedWithHead } from "./repository";

/** Entries sealed per write: bounded, so a long backlog is sealed in short steps. */
const SEAL_BATCH = 500;

/**
 * Seals the merchant's committed, unchained entries into its hash chain, in id order: each gets the
 * next position and the previous entry's hash, and the head moves to the last. Each batch is a read
 * (head and entries from one snapshot) and one atomic write that only lands if the head has not
 * moved since (lib/audit/repository.ts sealBatch): concurrent sealers (this process, other
 * processes, the periodic task) never seal an entry twice; the one that lost reads again. Answers
 * how many it sealed.
 */
export async function sealAuditChain(merchantId: string): Promise<number> {
  let total = 0;
  for (;;) {
    const { head, rows } = await unsealedWithHead(merchantId, { seq: 0, hash: GENESIS_HASH }, SEAL_BATCH);
    if (rows.length === 0) return total;
    let at = head;
    const positions = rows.map((row) => {
      const chained = { ...row, seq: at.seq + 1, prev_hash: at.hash };
      const hash = entryHash(chained);
      at = { seq: chained.seq, hash };
      return { id: row.id, seq: chained.seq, prev_hash: chained.prev_hash, hash };
    });
    if (!(await sealBatch(merchantId, head, positions))) continue; // another sealer moved the head: read again
    total += rows.length;
    if (rows.length < SEAL_BATCH) return total;
  }
}

/**
 * Seals every merchant's entries written before `createdBefore` (and any written since, in the same
 * turns). The periodic task's backstop for entries whose post-commit sealing never ran (a crash
 * between commit and sealing, a failed sealing transaction).
 */
export async function sealAuditChains(options: { merchantId?: string; createdBefore?: number } = {}): Promise<number> {
  if (options.merchantId) return sealAuditChain(options.merchantId);
  let total = 0;
  for (const merchantId of await merchantsWithUnsealed(options.createdBefore ?? Date.now() + 1, 1000))
    total += await sealAuditChain(merchantId);
  return total;
}

type SealingRun = { again: boolean; done: Promise<void> };
// On globalThis: route bundles and instrumentation load separate copies of this module, and "one
// run per merchant in this process, spaced" must hold across them.
const shared = globalThis as unknown as {
  __platformSealing?: { runs: Map<string, SealingRun>; lastRunStarted: Map<string, number> };
};
shared.__platformSealing ??= { runs: new Map(), lastRunStarted: new Map() };
const sealing = shared.__platformSealing.runs;

/**
 * Least time between the starts of two sealing runs of one merchant in this process: a run costs
 * about the same whatever its batch, so spacing them seals a busy merchant's entries in batches.
 * The first run after a quiet spell starts at once. `AUDIT_SEAL_SPACING_MS` (read at each run).
 */
const sealSpacingMs = () => Number(process.env.AUDIT_SEAL_SPACING_MS ?? 200);
const lastRunStarted = shared.__platformSealing.lastRunStarted;

/** How long the merchant's next run waits (0 after a quiet spell); forgets merchants quiet for longer. */
function spacing(merchantId: string): number {
  const spacingMs = sealSpacingMs();
  const wait = (lastRunStarted.get(merchantId) ?? Number.NEGATIVE_INFINITY) + spacingMs - performance.now();
  if (lastRunStarted.size > 1000)
    for (const [id, started] of lastRunStarted) if (performance.now() - started > spacingMs) lastRunStarted.delete(id);
  return Math.max(0, wait);
}

/** Resolves once no post-commit sealing runs in this process (tests that count statements wait for it). */
export async function sealingSettled(): Promise<void> {
  while (sealing.size > 0) await Promise.all([...sealing.values()].map((run) => run.done));
}

/**
 * Holds a merchant's post-commit sealing: commits meanwhile only ask for another run, which the
 * returned release starts (and waits for). For tests that count a verb's own statements.
 */
export async function holdSealing(merchantId: string): Promise<() => Promise<void>> {
  await sealingSettled();
  const held: SealingRun = { again: false, done: Promise.resolve() };
  sealing.set(merchantId, held);
  return async () => {
    sealing.delete(merchantId);
    if (held.again) sealSoon(merchantId);
    await sealingSettled();
  };
}

/**
 * Called once a transaction that recorded entries has ended: seals the merchant's chain in the
 * background, one run per merchant in this process at a time (commits during a run ask for one more
 * run, started at least AUDIT_SEAL_SPACING_MS (200 ms) after the previous one's start, so a busy merchant's entries are sealed in
 * batches). A failure is logged; the periodic task seals those entries later.
 */
export function sealSoon(merchantId: string): void {
  const running = sealing.get(merchantId);
  if (running) {
    running.again = true;
    return;
  }
  const state: SealingRun = { again: false, done: Promise.resolve() };
  sealing.set(merchantId, state);
  state.done = (async () => {
    try {
      do {
        const wait = spacing(merchantId);
        if (wait > 0) await sleep(wait); // commits meanwhile join this run's batch
        state.again = false;
        lastRunStarted.set(merchantId, performance.now());
        await sealAuditChain(merchantId);
      } while (state.again);
    } catch (error) {
      logger.warn({ err: error, merchantId }, "audit sealing failed; the periodic task seals these entries");
    } finally {
      sealing.delete(merchantId);
    }
  })();
}

/** Worker periodic task (lib/jobs/handlers.ts): seals what post-commit sealing left (entries older than 2 s). */
export const sealAuditTask = {
  name: "audit.seal",
  everyMs: Number(process.env.AUDIT_SEAL_INTERVAL_MS ?? 5_000),
  async run() {
    await sealAuditChains({ createdBefore: Date.now() - 2_000 });
  },
};
