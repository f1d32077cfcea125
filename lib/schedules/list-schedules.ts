import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { resolveStore } from "@/lib/tenancy/scope";
import { DAY } from "@/lib/time";
import { pageSchedules } from "./repository";
import type { ListSchedulesInput } from "./schema";
import { serializeSchedule } from "./serialize";

/** GET /v2/schedules: by scheduled_at within [start, end] (end defaults to now, start to 90 days before end), newest first. */
export async function listSchedules({ ctx, input }: { ctx: AuthContext; input: ListSchedulesInput }) {
  const store = await resolveStore(ctx, input.store_id);
  const end = input.end ?? Date.now();
  const start = input.start ?? end - 90 * DAY;
  if (start > end) throw new DomainError("INVALID_REQUEST", "query.start: must not be after end", { field: "start" });
  const page = input.page ?? 0;
  const limit = input.limit ?? 10;
  const { total, schedules } = await pageSchedules(
    ctx.merchantId,
    store.id,
    { start, end, statuses: input.status, billingKey: input.billing_key },
    { offset: page * limit, limit },
  );
  return {
    current_page: page,
    total_page: Math.ceil(total / limit),
    total_count: total,
    schedules: schedules.map(serializeSchedule),
  };
}
