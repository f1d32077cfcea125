import { DomainError } from "@/lib/api/error-codes";
import type { Origin } from "@/lib/auth/context";
import { attemptInputFor, chargeAttempt, type ChargeRequest } from "@/lib/billing-keys/charge";
import { findKeyChannel } from "@/lib/billing-keys/repository";
import { getDb } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { SchedulesTable } from "@/lib/db/tables/billing";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import type { JobOutcome } from "@/lib/jobs/handlers";
import { startAttempt } from "@/lib/payments/attempts";

/**
 * Runs one due schedule: SCHEDULED → STARTED → COMPLETED, charging the key exactly once.
 * - the SCHEDULED → STARTED update is conditional, so one run wins and a cancellation stops it;
 * - a schedule has at most one transaction (unique schedule_id), looked up before charging, so a
 *   run that resumes after its worker died reuses that attempt instead of making another;
 * - a declined charge still completes the schedule (the payment shows FAILED).
 */
export async function runScheduleJob(payload: { scheduleId: string }): Promise<JobOutcome> {
  const schedule = await findSchedule(payload.scheduleId);
  if (!schedule || schedule.status === "COMPLETED" || schedule.status === "CANCELLED") return;
  if (schedule.status === "SCHEDULED" && !(await markStarted(schedule.id))) {
    const now = await findSchedule(schedule.id);
    if (now?.status !== "STARTED") return;
  }
  const attempt = await findOrStartAttempt(schedule);
  if (attempt?.status === "PENDING") await chargeScheduled(schedule, attempt);
  await markCompleted(schedule.id);
}

function findSchedule(id: string) {
  return getDb().selectFrom("schedules").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function markStarted(id: string): Promise<boolean> {
  const now = Date.now();
  const result = await getDb().updateTable("schedules").set({ status: "STARTED", started_at: now, updated_at: now }).where("id", "=", id).where("status", "=", "SCHEDULED").executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markCompleted(id: string): Promise<void> {
  const now = Date.now();
  await getDb().updateTable("schedules").set({ status: "COMPLETED", completed_at: now, updated_at: now }).where("id", "=", id).where("status", "=", "STARTED").execute();
}

function findScheduleAttempt(schedule: SchedulesTable) {
  return getDb().selectFrom("transactions").selectAll().where("schedule_id", "=", schedule.id).where("merchant_id", "=", schedule.merchant_id).executeTakeFirst();
}

async function loadKey(schedule: SchedulesTable) {
  const key = await getDb().selectFrom("billing_keys").selectAll().where("id", "=", schedule.billing_key).where("merchant_id", "=", schedule.merchant_id).executeTakeFirstOrThrow();
  const channel = await findKeyChannel(schedule.merchant_id, key.channel_id);
  return { key, channel };
}

/**
 * The schedule's one attempt: the existing one, or a new PENDING one. Null when the payment
 * was paid some other way meanwhile (nothing to charge; the schedule still completes).
 */
export async function findOrStartAttempt(schedule: SchedulesTable): Promise<TransactionsTable | null> {
  const existing = await findScheduleAttempt(schedule);
  if (existing) return existing;
  const { key, channel } = await loadKey(schedule);
  const request = JSON.parse(schedule.request) as ChargeRequest;
  const origin = JSON.parse(schedule.origin) as Origin;
  try {
    return await startAttempt(attemptInputFor({ key, channel, paymentId: schedule.payment_id, request, origin, scheduleId: schedule.id }));
  } catch (error) {
    if (isUniqueViolation(error)) return (await findScheduleAttempt(schedule)) ?? null;
    if (error instanceof DomainError && error.code === "PAYMENT_ALREADY_PAID") return null;
    throw error; // e.g. another attempt on the payment in flight: the job retries later
  }
}

export async function chargeScheduled(schedule: SchedulesTable, attempt: TransactionsTable): Promise<TransactionsTable> {
  const { key, channel } = await loadKey(schedule);
  return chargeAttempt(key, channel, attempt, JSON.parse(schedule.request) as ChargeRequest);
}
