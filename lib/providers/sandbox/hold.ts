import { randomInt } from "node:crypto";
import { providerTimeoutMs } from "../call";
import { completeHeld } from "./ledger";

/**
 * How long the sandbox's slow faults last (2 × PROVIDER_TIMEOUT_MS by default). A test that must see
 * the provider mid-way holds them until it releases them; the hold lives in this process only.
 */

/**
 * completes_at of a call held in the ledger until released: a time far past any real one, drawn at
 * random per hold, so a release ends only its own calls (test files run at once on one database).
 */
const HELD_FROM = 8_000_000_000_000_000;

let hold: { until: number; released: Promise<void>; release: () => void } | null = null;

/**
 * From now on, slow faults last until the returned function is called; it ends every held call
 * (ledger records complete at that moment, waiting calls answer) and lifts the hold.
 */
export function holdSlowFaults(): () => Promise<void> {
  if (hold) throw new Error("the sandbox's slow faults are already held");
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const current = { until: HELD_FROM + randomInt(1, 2 ** 47), released, release };
  hold = current;
  return async () => {
    if (hold !== current) return;
    await completeHeld(current.until, Date.now());
    hold = null;
    current.release();
  };
}

/** When a slow fault that starts at `from` ends: 2 × PROVIDER_TIMEOUT_MS later, or when released. */
export function slowFaultEndsAt(from: number): number {
  return hold ? hold.until : from + 2 * providerTimeoutMs();
}

/** Waits until `at` (a time from slowFaultEndsAt or processing latency). */
export async function waitUntil(at: number): Promise<void> {
  if (at >= HELD_FROM) {
    // A hold already released has nothing left to wait for.
    if (hold?.until === at) await hold.released;
    return;
  }
  const ms = at - Date.now();
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}
