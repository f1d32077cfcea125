import { longestLookupDelayMs } from "@/lib/payments/unsettled/look-up-times";
import { CLOCK_SKEW_MS, latestHonest, toRfc3339 } from "@/lib/time";
import { listWaitingRecords, type WaitingRecord } from "./repository";
import { NEEDS_ATTENTION_AFTER_MS, type ReconcileScope, type UnsettledItem } from "./types";

/**
 * Its times lie further ahead than they honestly can (a clock ran ahead when they were written):
 * flagged, since "waiting for over an hour" counts from a `since` in the future and would never say so.
 */
function clockAhead(w: Pick<WaitingRecord, "since" | "lookup_due_at">, now: number): boolean {
  if (Number(w.since) > now + CLOCK_SKEW_MS) return true;
  return w.lookup_due_at !== null && Number(w.lookup_due_at) > latestHonest(longestLookupDelayMs(), now);
}

function item(kind: UnsettledItem["kind"], w: WaitingRecord, now: number): UnsettledItem {
  const ahead = clockAhead(w, now);
  return {
    kind,
    id: w.id,
    merchant_id: w.merchant_id,
    store_id: w.store_id,
    payment_id: w.payment_id,
    amount: w.amount === null ? null : Number(w.amount),
    since: toRfc3339(Number(w.since)),
    lookup_attempts: Number(w.lookup_attempts),
    next_lookup_at: toRfc3339(w.lookup_due_at === null ? null : Number(w.lookup_due_at)) ?? null,
    last_error: w.last_error,
    needs_attention: now - Number(w.since) > NEEDS_ATTENTION_AFTER_MS || ahead,
    ...(ahead ? { clock_ahead: true } : {}),
  };
}

/**
 * Everything still waiting on a provider, whatever its age (the sweep is looking it up): attempts
 * PENDING, cancellations REQUESTED, late-approval refunds not yet answered, and schedules STARTED
 * but not completed (their charge in flight or its job retrying). Oldest first.
 */
export async function listUnsettled(scope: Omit<ReconcileScope, "since">, now = Date.now()): Promise<UnsettledItem[]> {
  const { attempts, cancellations, refunds, schedules } = await listWaitingRecords(scope);
  return [
    ...attempts.map((w) => item("attempt", w, now)),
    ...cancellations.map((w) => item("cancellation", w, now)),
    ...refunds.map((w) => item("late_approval_refund", w, now)),
    ...schedules.map((s) =>
      item(
        "schedule",
        { ...s, since: s.started_at ?? s.scheduled_at, lookup_attempts: 0, lookup_due_at: null, last_error: null },
        now,
      ),
    ),
  ].sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0));
}
