import { DomainError } from "@/lib/api/error-codes";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { resolveStore } from "@/lib/tenancy/scope";
import { DAY } from "@/lib/time";
import type { ListSchedulesInput } from "./schema";
import { serializeSchedule } from "./serialize";

/** GET /v2/schedules/{schedule_id}: another store's or merchant's schedule is not found. */
export async function getSchedule({ ctx, input }: { ctx: AuthContext; input: { schedule_id: string; store_id?: string } }) {
  const store = await resolveStore(ctx, input.store_id, { missingAs: "SCHEDULE_NOT_FOUND", deniedAs: "SCHEDULE_NOT_FOUND" });
  const row = await getDb()
    .selectFrom("schedules")
    .selectAll()
    .where("id", "=", input.schedule_id)
    .where("merchant_id", "=", ctx.merchantId)
    .where("store_id", "=", store.id)
    .executeTakeFirst();
  if (!row) throw new DomainError("SCHEDULE_NOT_FOUND", "schedule not found");
  return { schedule: serializeSchedule(row) };
}

/** GET /v2/schedules: by scheduled_at within [start, end] (end defaults to now, start to 90 days before end), newest first. */
export async function listSchedules({ ctx, input }: { ctx: AuthContext; input: ListSchedulesInput }) {
  const store = await resolveStore(ctx, input.store_id);
  const end = input.end ?? Date.now();
  const start = input.start ?? end - 90 * DAY;
  if (start > end) throw new DomainError("INVALID_REQUEST", "query.start: must not be after end", { field: "start" });
  let q = getDb()
    .selectFrom("schedules")
    .where("merchant_id", "=", ctx.merchantId)
    .where("store_id", "=", store.id)
    .where("scheduled_at", ">=", start)
    .where("scheduled_at", "<=", end);
  if (input.status && input.status.length > 0) q = q.where("status", "in", input.status);
  if (input.billing_key) q = q.where("billing_key", "=", input.billing_key);
  const page = input.page ?? 0;
  const limit = input.limit ?? 10;
  const [{ count }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    q.selectAll().orderBy("scheduled_at", "desc").orderBy("id", "desc").limit(limit).offset(page * limit).execute(),
  ]);
  const total = Number(count);
  return { current_page: page, total_page: Math.ceil(total / limit), total_count: total, schedules: rows.map(serializeSchedule) };
}
