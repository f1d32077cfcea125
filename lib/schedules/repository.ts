import type { Origin } from "@/lib/auth/context";
import { currentCaller } from "@/lib/audit/actor";
import { recordAudit } from "@/lib/audit/record";
import type { Customer } from "@/lib/customers/to-customer";
import { getDb, type Db, type Tx, withTransaction } from "@/lib/db/client";
import { IllegalTransitionError, requireRows } from "@/lib/db/conditional";
import { lockForUpdate } from "@/lib/db/row-lock";
import type { ScheduleStatus, SchedulesTable } from "@/lib/db/tables/billing";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { prefixMatch } from "@/lib/db/prefix-match";
import { executeNamed } from "@/lib/db/precompiled";
import { BOOKED_STATUSES, canMoveSchedule } from "./status";

/**
 * A schedule with the documents we wrote parsed once, here. `request` (the billing-key pay request
 * it replays) stays text: the run parses it, and a broken one completes the schedule as FAILED.
 */
export type ScheduleRecord = Omit<SchedulesTable, "customer" | "origin" | "notice_urls" | "products"> & {
  customer: Customer;
  origin: Origin;
  notice_urls: string[];
  products: unknown[] | null;
};

function parseSchedule(row: SchedulesTable): ScheduleRecord {
  return {
    ...row,
    customer: JSON.parse(row.customer) as Customer,
    origin: JSON.parse(row.origin) as Origin,
    notice_urls: JSON.parse(row.notice_urls) as string[],
    products: row.products ? (JSON.parse(row.products) as unknown[]) : null,
  };
}

/** A schedule by id (the worker's view: the job names it). */
export async function findScheduleById(id: string): Promise<ScheduleRecord | undefined> {
  const [row] = (await executeNamed(getDb(), getDb().selectFrom("schedules").selectAll().where("id", "=", id))).rows;
  return row && parseSchedule(row);
}

/** One schedule of a store; another merchant's or store's is not found. */
export async function findStoreSchedule(
  merchantId: string,
  storeId: string,
  id: string,
): Promise<ScheduleRecord | undefined> {
  const row = await getDb()
    .selectFrom("schedules")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  return row && parseSchedule(row);
}

export type ScheduleFilter = { start: number; end: number; statuses?: ScheduleStatus[]; billingKey?: string };

/** One page of a store's schedules by scheduled_at within [start, end], newest first, and the total. */
export async function pageSchedules(
  merchantId: string,
  storeId: string,
  filter: ScheduleFilter,
  page: { offset: number; limit: number },
) {
  let q = getDb()
    .selectFrom("schedules")
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .where("scheduled_at", ">=", filter.start)
    .where("scheduled_at", "<=", filter.end);
  if (filter.statuses && filter.statuses.length > 0) q = q.where("status", "in", filter.statuses);
  if (filter.billingKey) q = q.where("billing_key", "=", filter.billingKey);
  const [{ count }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    q.selectAll().orderBy("scheduled_at", "desc").orderBy("id", "desc").limit(page.limit).offset(page.offset).execute(),
  ]);
  return { total: Number(count), schedules: rows.map(parseSchedule) };
}

/**
 * A key's schedules locked for the caller's transaction: the listed ones, or with no list every
 * SCHEDULED one.
 */
export function lockKeySchedules(
  tx: Tx,
  ref: { merchantId: string; storeId: string; keyId: string },
  listed: string[],
) {
  let q = tx
    .selectFrom("schedules")
    .select(["id", "status"])
    .where("merchant_id", "=", ref.merchantId)
    .where("store_id", "=", ref.storeId)
    .where("billing_key", "=", ref.keyId);
  q = listed.length > 0 ? q.where("id", "in", listed) : q.where("status", "=", "SCHEDULED");
  return lockForUpdate(q).execute();
}

/** The schedules still to run on a key (they block its deletion), soonest first. */
export async function bookedScheduleIds(tx: Tx, keyId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom("schedules")
    .select("id")
    .where("billing_key", "=", keyId)
    .where("status", "in", BOOKED_STATUSES)
    .orderBy("scheduled_at")
    .execute();
  return rows.map((r) => r.id);
}

/** The schedule booked for a store's payment id, if any. */
export function findBookedForPayment(tx: Tx, storeId: string, paymentId: string) {
  return tx
    .selectFrom("schedules")
    .select("id")
    .where("store_id", "=", storeId)
    .where("payment_id", "=", paymentId)
    .where("status", "in", BOOKED_STATUSES)
    .executeTakeFirst();
}

export async function insertSchedule(tx: Tx, schedule: ScheduleRecord): Promise<void> {
  await tx
    .insertInto("schedules")
    .values({
      ...schedule,
      customer: JSON.stringify(schedule.customer),
      origin: JSON.stringify(schedule.origin),
      notice_urls: JSON.stringify(schedule.notice_urls),
      products: schedule.products ? JSON.stringify(schedule.products) : null,
    })
    .execute();
}

/** The schedule's one payment attempt (unique schedule_id), if started. */
export function findScheduleAttempt(
  schedule: Pick<ScheduleRecord, "id" | "merchant_id">,
): Promise<TransactionsTable | undefined> {
  return getDb()
    .selectFrom("transactions")
    .selectAll()
    .where("schedule_id", "=", schedule.id)
    .where("merchant_id", "=", schedule.merchant_id)
    .executeTakeFirst();
}

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
export async function transitionSchedules(
  db: Db | Tx,
  ids: string[],
  from: ScheduleStatus,
  to: ScheduleStatus,
  now = Date.now(),
): Promise<void> {
  if (!canMoveSchedule(from, to)) throw new IllegalTransitionError("schedule", ids.join(","), from, to);
  if (ids.length === 0) return;
  const update = db
    .updateTable("schedules")
    .set({ status: to, updated_at: now, ...stampsFor(to, now) })
    .where("status", "=", from);
  // One schedule (every run) as a named statement; a list (cancelling many) as its own text.
  const result =
    ids.length === 1
      ? (await executeNamed(db, update.where("id", "=", ids[0]!))).numAffectedRows
      : (await update.where("id", "in", ids).executeTakeFirst()).numUpdatedRows;
  requireRows({ numUpdatedRows: result ?? 0n }, ids.length, `schedule ${ids.join(",")} ${from} → ${to}`);
  // Only changes a dashboard user or an API key made are audited; the worker's runs read nothing more.
  if (!currentCaller()?.actor) return;
  const rows = await db.selectFrom("schedules").select(["id", "merchant_id"]).where("id", "in", ids).execute();
  for (const r of rows)
    await recordAudit(db, {
      merchantId: r.merchant_id,
      action: "schedule.status_change",
      targetId: r.id,
      before: { status: from },
      after: { status: to },
    });
}

/**
 * STARTED → COMPLETED at the end of a run, as one statement (atomic by itself: no BEGIN/COMMIT
 * round trips). A run with a caller that is audited (an actor) gets a transaction, so the entry is
 * written with the change; the worker's runs have none.
 */
export function completeStartedSchedule(id: string, now = Date.now()): Promise<void> {
  const change = (db: Db | Tx) => transitionSchedule(db, { id, status: "STARTED" }, "COMPLETED", now);
  return currentCaller()?.actor ? withTransaction(change) : change(getDb());
}

/**
 * STARTED → COMPLETED inside the charge's outcome transaction (the schedule completes with its
 * payment, one durable commit fewer per charge). False, with nothing written, when the schedule is
 * no longer STARTED: that must not undo the outcome it rides with. Unaudited: only the worker's
 * runs (no actor) take this path.
 */
export async function completeWithOutcome(tx: Tx, id: string, now = Date.now()): Promise<boolean> {
  const update = tx
    .updateTable("schedules")
    .set({ status: "COMPLETED", updated_at: now, ...stampsFor("COMPLETED", now) })
    .where("id", "=", id)
    .where("status", "=", "STARTED");
  return Number((await executeNamed(tx, update)).numAffectedRows ?? 0) === 1;
}

export function transitionSchedule(
  db: Db | Tx,
  schedule: Pick<SchedulesTable, "id" | "status">,
  to: ScheduleStatus,
  now = Date.now(),
): Promise<void> {
  return transitionSchedules(db, [schedule.id], schedule.status, to, now);
}

/** Schedules of these stores whose id starts with the text, or booked for that payment id (⌘K), at most `limit`. */
export function findSchedulesByText(merchantId: string, storeIds: string[], text: string, limit: number) {
  return getDb()
    .selectFrom("schedules")
    .select(["id", "store_id", "payment_id", "status", "billing_key"])
    .where("merchant_id", "=", merchantId)
    .where("store_id", "in", storeIds)
    .where((eb) => eb.or([prefixMatch("id", text), eb("payment_id", "=", text)]))
    .limit(limit)
    .execute();
}
