import { getDb } from "@/lib/db/client";
import { toRfc3339 } from "@/lib/time";
import { NEEDS_ATTENTION_AFTER_MS, type ReconcileScope, type UnsettledItem } from "./types";

type Waiting = {
  id: string;
  merchant_id: string;
  store_id: string;
  payment_id: string | null;
  amount: number | null;
  since: number;
  lookup_attempts: number;
  lookup_due_at: number | null;
  last_error: string | null;
};

function item(kind: UnsettledItem["kind"], w: Waiting, now: number): UnsettledItem {
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
    needs_attention: now - Number(w.since) > NEEDS_ATTENTION_AFTER_MS,
  };
}

/**
 * Everything still waiting on a provider, whatever its age (the sweep is looking it up): attempts
 * PENDING, cancellations REQUESTED, late-approval refunds not yet answered, and schedules STARTED
 * but not completed (their charge in flight or its job retrying). Oldest first.
 */
export async function listUnsettled(scope: Omit<ReconcileScope, "since">, now = Date.now()): Promise<UnsettledItem[]> {
  const db = getDb();
  const scoped = <Q extends { where: (...args: any[]) => Q }>(q: Q): Q => {
    let out = q;
    if (scope.merchantId) out = out.where("merchant_id", "=", scope.merchantId);
    if (scope.storeId) out = out.where("store_id", "=", scope.storeId);
    return out;
  };
  const [attempts, cancellations, refunds, schedules] = await Promise.all([
    scoped(db.selectFrom("transactions").select(["id", "merchant_id", "store_id", "payment_id", "total_amount as amount", "requested_at as since", "lookup_attempts", "lookup_due_at", "last_lookup_error as last_error"]).where("status", "=", "PENDING")).execute(),
    scoped(db.selectFrom("cancellations").select(["id", "merchant_id", "store_id", "payment_id", "cancel_amount as amount", "requested_at as since", "lookup_attempts", "lookup_due_at", "last_lookup_error as last_error"]).where("status", "=", "REQUESTED")).execute(),
    scoped(db.selectFrom("late_approvals").select(["id", "merchant_id", "store_id", "payment_id", "amount", "detected_at as since", "lookup_attempts", "lookup_due_at", "last_lookup_error as last_error"]).where("status", "=", "REFUND_REQUESTED")).execute(),
    scoped(db.selectFrom("schedules").select(["id", "merchant_id", "store_id", "payment_id", "total_amount as amount", "started_at", "scheduled_at"]).where("status", "=", "STARTED")).execute(),
  ]);
  return [
    ...attempts.map((w) => item("attempt", w, now)),
    ...cancellations.map((w) => item("cancellation", w, now)),
    ...refunds.map((w) => item("late_approval_refund", w, now)),
    ...schedules.map((s) => item("schedule", { ...s, since: s.started_at ?? s.scheduled_at, lookup_attempts: 0, lookup_due_at: null, last_error: null }, now)),
  ].sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0));
}
