import { ProviderOutcomeUnknown } from "../unknown-outcome";
import { logger } from "@/lib/ops/logger";
import { slowFaultEndsAt } from "./hold";

/**
 * Faults the sandbox simulates, triggered in ways that work across processes (the chaos test runs
 * the production server in another process):
 * - a directive in the order name (payments) or the cancellation reason: `[sandbox:timeout]`;
 * - SANDBOX_FAULTS, random rates per call: `timeout=0.05,lost=0.05,network=0.05,delayed=0.01`
 *   (read on every call; look-ups and listings only ever suffer `network`);
 * - SANDBOX_LATENCY_MS: processing time of every call, `300` or a range `100-800`.
 *
 * timeout  the provider takes 2 × PROVIDER_TIMEOUT_MS to process (the caller gives up first);
 *          look-ups answer IN_PROGRESS meanwhile, then the outcome. A test may hold it (./hold.ts).
 * lost     processed at once, but the answer never arrives (connection reset after commit).
 * network  the request never reaches the provider (connection refused): nothing is recorded.
 * delayed  the request reaches the provider only after 2 × PROVIDER_TIMEOUT_MS (stuck in a queue):
 *          a look-up before then finds nothing, so the approval that follows arrives late (held
 *          like timeout).
 * garbled  the provider answers at once with something no client can use (a 400 without an error
 *          code): nothing is recorded, and the caller cannot know that.
 * maintenance  payments are refused at once with pg_code PG_MAINTENANCE, which the sandbox defines
 *          as "not processed" (lib/providers/not-processed.ts): nothing is recorded.
 */
export type SandboxFault = "timeout" | "lost" | "network" | "delayed" | "garbled" | "maintenance";

const FAULTS: SandboxFault[] = ["timeout", "lost", "network", "delayed", "garbled", "maintenance"];

export class SandboxNetworkError extends ProviderOutcomeUnknown {
  /** `refused`: the simulated outage refused the connection, so the request never reached the ledger. */
  constructor(message: string, refused = false) {
    super("connection_lost", `sandbox network error: ${message}`);
    this.name = "SandboxNetworkError";
    if (refused) this.notProcessed = "connection_refused";
  }
}

function randomRates(): Partial<Record<SandboxFault, number>> {
  const rates: Partial<Record<SandboxFault, number>> = {};
  for (const part of (process.env.SANDBOX_FAULTS ?? "").split(",")) {
    const [name, rate] = part.split("=").map((s) => s.trim());
    if (FAULTS.includes(name as SandboxFault) && Number(rate) > 0) rates[name as SandboxFault] = Number(rate);
  }
  return rates;
}

/** One log line per injected fault, so a run can say how many it suffered (bench/chaos.ts counts them). */
function injected(fault: SandboxFault): SandboxFault {
  logger.warn({ sandbox_fault: fault }, "sandbox fault injected");
  return fault;
}

/**
 * The fault this call suffers: a directive in `text` wins, else a random draw from SANDBOX_FAULTS.
 * `[sandbox:network@kcp]` aims the directive at one PG's sandbox channels (their PG merchant id
 * starts with `kcp_`), so a channel group's other channels answer normally.
 */
export function faultFor(text: string | undefined, pgMerchantId?: string): SandboxFault | null {
  const directive = /\[sandbox:(timeout|lost|network|delayed|garbled|maintenance)(?:@([a-z0-9]+))?\]/.exec(text ?? "");
  const aimed = directive?.[2];
  if (directive && (!aimed || pgMerchantId?.startsWith(`${aimed}_`))) return injected(directive[1] as SandboxFault);
  const rates = randomRates();
  let draw = Math.random();
  for (const fault of FAULTS) {
    const rate = rates[fault] ?? 0;
    if (draw < rate) return injected(fault);
    draw -= rate;
  }
  return null;
}

/** Look-ups and listings: only an unreachable provider. */
export function assertReachable(): void {
  const rate = randomRates().network ?? 0;
  if (rate > 0 && Math.random() < rate) {
    injected("network");
    throw new SandboxNetworkError("connect ECONNREFUSED (sandbox outage)", true);
  }
}

/** The sandbox's processing time of a call without a slow fault (SANDBOX_LATENCY_MS). */
function latencyMs(): number {
  const spec = process.env.SANDBOX_LATENCY_MS ?? "0";
  const [low, high] = spec.split("-").map(Number);
  const min = Number.isFinite(low) ? low! : 0;
  const max = Number.isFinite(high) ? high! : min;
  return Math.max(0, Math.round(min + Math.random() * Math.max(0, max - min)));
}

/** When the provider has processed a call received at `receivedAt` (the timeout fault: slowly). */
export function completesAt(fault: SandboxFault | null, receivedAt: number): number {
  return fault === "timeout" ? slowFaultEndsAt(receivedAt) : receivedAt + latencyMs();
}

/** When a request sent at `sentAt` reaches the provider (the delayed fault: slowly). */
export function arrivesAt(fault: SandboxFault | null, sentAt: number): number {
  return fault === "delayed" ? slowFaultEndsAt(sentAt) : sentAt;
}
