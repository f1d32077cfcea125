import type { CircuitRecord } from "./repository";
import { readCircuits } from "./repository";
import { circuitSettings } from "./circuit";

/**
 * Why a channel cannot take a new payment right now, by channel id: disabled (not for payment,
 * or gone from the store), or its circuit open and not yet due for a probe.
 */
export async function unavailableChannels(
  channelIds: string[],
  storeChannels: { id: string; is_for_payment: number }[],
  now = Date.now(),
): Promise<Map<string, string>> {
  const enabled = new Set(storeChannels.filter((c) => c.is_for_payment === 1).map((c) => c.id));
  const circuits = new Map((await readCircuits(channelIds)).map((c) => [c.channel_id, c]));
  const out = new Map<string, string>();
  for (const id of channelIds) {
    if (!enabled.has(id)) out.set(id, "disabled");
    else if (circuitBlocks(circuits.get(id), now)) out.set(id, "circuit_open");
  }
  return out;
}

/** An open circuit inside its pause, or a probe in flight: no new payment goes there. */
export function circuitBlocks(circuit: CircuitRecord | undefined, now: number): boolean {
  if (!circuit || circuit.state === "CLOSED") return false;
  const { pauseMs, staleProbeMs } = circuitSettings();
  if (circuit.state === "OPEN") return Number(circuit.opened_at ?? 0) > now - pauseMs;
  return Number(circuit.probe_started_at ?? 0) > now - staleProbeMs;
}
