import type { CallResult } from "@/lib/providers/call";
import { isUnavailableRefusal, type NotProcessedCause } from "@/lib/providers/not-processed";
import type { ProviderFailure } from "@/lib/providers/types";
import { CIRCUIT_OPEN_CODE } from "./with-channel-health";

/**
 * Whether a try's result allows trying the payment on the group's next channel, and why: only
 * when the first channel certainly moved no money (docs/routing.md). Null for everything else —
 * an approval, a decline, a timeout, a lost or unreadable answer, a 5xx, any other unknown outcome.
 */
export function failoverCause(
  channel: { type: string; pg_provider: string },
  result: CallResult<{ ok: boolean; pgCode?: string }>,
): NotProcessedCause | null {
  if (!result.answered) return result.notProcessed ?? null;
  const answer = result.value;
  if (answer.ok) return null;
  const { pgCode } = answer as ProviderFailure;
  if (pgCode === CIRCUIT_OPEN_CODE) return "circuit_open";
  return isUnavailableRefusal(channel, pgCode) ? "pg_unavailable" : null;
}
