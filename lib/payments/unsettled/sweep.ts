import { lookUpCancellation } from "../cancel/cancellation-call";
import { lookUpAttempt } from "../pay/attempt-operation";
import { refundLateApproval } from "./refund-late-approval";
import { setTimeout as delay } from "node:timers/promises";
import { providerTimeoutMs } from "@/lib/providers/call";
import { LOOKUP_MARGIN_MS } from "./look-up-times";
import { claimDue, isUnsettled, makeDueNow, type UnsettledTable } from "./repository/look-ups";
import { logger } from "@/lib/ops/logger";

/** Look-ups per table per sweep: bounded, so one sweep never holds a worker for long. */
const SWEEP_BATCH = 10;
/** How often a look-up claimed by another sweeper is checked for its end. */
const CLAIMED_POLL_MS = 25;

const RESOLVERS = {
  transactions: lookUpAttempt,
  cancellations: lookUpCancellation,
  late_approvals: refundLateApproval,
} as const;

async function resolveEach<T extends UnsettledTable>(
  name: T,
  rows: Awaited<ReturnType<typeof claimDue<T>>>,
): Promise<void> {
  await Promise.all(
    rows.map((row) =>
      (RESOLVERS[name] as (r: typeof row) => Promise<unknown>)(row).catch((error) =>
        logger.error({ err: error }, `sweep: ${name} ${row.id} could not be settled (retried later)`),
      ),
    ),
  );
}

/**
 * The recovery of every outcome we do not know: attempts still PENDING, cancellations still
 * REQUESTED and late-approval refunds whose look-up is due (a call that timed out, a process that
 * died mid-call, a provider that was unreachable). Found through partial indexes of unsettled
 * rows, claimed so concurrent sweepers share the work, looked up at the provider and settled, or
 * booked for another look-up with capped backoff — forever, never given up. Runs in every worker
 * (lib/jobs/handlers.ts periodicTasks). Returns how many records it looked at.
 */
export async function sweepUnsettled(limit = SWEEP_BATCH): Promise<number> {
  let seen = 0;
  for (const name of Object.keys(RESOLVERS) as UnsettledTable[]) {
    const rows = await claimDue(name, limit);
    await resolveEach(name, rows);
    seen += rows.length;
  }
  return seen;
}

/**
 * The "look up now" of one record (dashboard button, a retried request), whatever its backoff
 * said. When another sweeper holds its claim, that look-up is under way: wait for it (one provider
 * call, bounded by PROVIDER_TIMEOUT_MS) instead of answering "unknown" while it settles.
 */
export async function lookUpNow(name: UnsettledTable, id: string): Promise<boolean> {
  await makeDueNow(name, id);
  const rows = await claimDue(name, 1, id);
  if (rows.length === 1) {
    await resolveEach(name, rows);
    return true;
  }
  const until = Date.now() + providerTimeoutMs() + LOOKUP_MARGIN_MS;
  while (Date.now() < until && (await isUnsettled(name, id))) await delay(CLAIMED_POLL_MS);
  return false;
}
