import { currentCaller } from "@/lib/audit/actor";
import { recordAudit } from "@/lib/audit/record";
import type { Db, Tx } from "@/lib/db/client";
import { IllegalTransitionError, requireRows } from "@/lib/db/conditional";
import type { ScheduleStatus, SchedulesTable } from "@/lib/db/tables/billing";
import { canMoveSchedule } from "./status";

function stampsFor(to: ScheduleStatus, now: number): Partial<SchedulesTable> {
  if (to === "STARTED") return { started_at: now };
  if (to === "COMPLETED") return { completed_at: now };
  if (to === "CANCELLED") return { cancelled_at: now };
  return {};
}

/**
 * The one way schedules change state: checks the state table and writes conditionally on the
 * state the caller read; fewer rows written than asked is a StaleWriteError (another run, or a
 * cancellation, got there first), which the caller handles. Schedules announce no webhook of
 * their own: their payment's transaction does.
 */
export async function transitionSchedules(db: Db | Tx, ids: string[], from: ScheduleStatus, to: ScheduleStatus, now = Date.now()): Promise<void> {
  if (!canMoveSchedule(from, to)) throw new IllegalTransitionError("schedule", ids.join(","), from, to);
  if (ids.length === 0) return;
  const result = await db
    .updateTable("schedules")
    .set({ status: to, updated_at: now, ...stampsFor(to, now) })
    .where("id", "in", ids)
    .where("status", "=", from)
    .executeTakeFirst();
  requireRows(result, ids.length, `schedule ${ids.join(",")} ${from} → ${to}`);
  // Only changes a dashboard user or an API key made are audited; the worker's runs read nothing more.
  if (!currentCaller()?.actor) return;
  const rows = await db.selectFrom("schedules").select(["id", "merchant_id"]).where("id", "in", ids).execute();
  for (const r of rows) await recordAudit(db, { merchantId: r.merchant_id, action: "schedule.status_change", targetId: r.id, before: { status: from }, after: { status: to } });
}

export function transitionSchedule(db: Db | Tx, schedule: Pick<SchedulesTable, "id" | "status">, to: ScheduleStatus, now = Date.now()): Promise<void> {
  return transitionSchedules(db, [schedule.id], schedule.status, to, now);
}
