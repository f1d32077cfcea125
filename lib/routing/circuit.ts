import { providerTimeoutMs } from "@/lib/providers/call";
import { claimProbe, readCircuits, recordCircuitFailure, recordCircuitSuccess } from "./repository";

/**
 * A circuit per channel, kept in the database so every process sees the same one (docs/routing.md):
 * CLOSED until CHANNEL_CIRCUIT_FAILURES (5) payment calls in a row fail without a usable answer,
 * then OPEN: calls are refused without reaching the PG for CHANNEL_CIRCUIT_PAUSE_MS (30 s); then
 * one call is let through as a probe (HALF_OPEN): an answer closes the circuit, a failure opens
 * it for another pause.
 */
export function circuitSettings() {
  const failures = Number(process.env.CHANNEL_CIRCUIT_FAILURES ?? 5);
  const pause = Number(process.env.CHANNEL_CIRCUIT_PAUSE_MS ?? 30_000);
  return {
    threshold: Number.isInteger(failures) && failures >= 1 ? failures : 5,
    pauseMs: Number.isFinite(pause) && pause >= 0 ? pause : 30_000,
    // A probe that never reported back (its process died) is given up after the longest call.
    staleProbeMs: providerTimeoutMs() + 5_000,
  };
}

export type CircuitPass =
  | { allowed: true; probe: boolean /** the circuit has something to reset on success */; dirty: boolean }
  | { allowed: false };

/**
 * A closed, clean circuit read within the last CACHE_MS is taken as still so: a healthy channel's
 * payments read no circuit row (the payment write path stays at its statement count). A circuit
 * another process opens is seen here within CACHE_MS; any change made here is seen at once.
 */
const CACHE_MS = 5_000;
// Shared by the module's copies in Next's bundles, so a change made by one is seen by all at once.
const shared = globalThis as unknown as { __cleanCircuits?: Map<string, number> };
shared.__cleanCircuits ??= new Map<string, number>();
const clean = shared.__cleanCircuits;

/** Whether a payment call may go to the channel now. */
export async function passCircuit(channelId: string, now = Date.now()): Promise<CircuitPass> {
  const readAt = clean.get(channelId);
  if (readAt !== undefined && now - readAt < CACHE_MS) return { allowed: true, probe: false, dirty: false };
  const [circuit] = await readCircuits([channelId]);
  if (!circuit || circuit.state === "CLOSED") {
    const dirty = (circuit?.consecutive_failures ?? 0) > 0;
    if (dirty) clean.delete(channelId);
    else clean.set(channelId, now);
    return { allowed: true, probe: false, dirty };
  }
  clean.delete(channelId);
  const { pauseMs, staleProbeMs } = circuitSettings();
  if (await claimProbe(channelId, now, pauseMs, staleProbeMs)) return { allowed: true, probe: true, dirty: true };
  return { allowed: false };
}

/** Reports a call's result to the circuit: `answered` false for a call without a usable answer. */
export async function reportToCircuit(channelId: string, answered: boolean, pass: CircuitPass, now = Date.now()) {
  if (!answered) {
    clean.delete(channelId);
    await recordCircuitFailure(channelId, circuitSettings().threshold, now);
  } else if (pass.allowed && pass.dirty) {
    await recordCircuitSuccess(channelId, now);
    clean.set(channelId, now);
  }
}
