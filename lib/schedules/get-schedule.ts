import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { resolveStore } from "@/lib/tenancy/scope";
import { findStoreSchedule } from "./repository";
import { serializeSchedule } from "./serialize";

/** GET /v2/schedules/{schedule_id}: another store's or merchant's schedule is not found. */
export async function getSchedule({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { schedule_id: string; store_id?: string };
}) {
  const store = await resolveStore(ctx, input.store_id, {
    missingAs: "SCHEDULE_NOT_FOUND",
    deniedAs: "SCHEDULE_NOT_FOUND",
  });
  const schedule = await findStoreSchedule(ctx.merchantId, store.id, input.schedule_id);
  if (!schedule) throw new DomainError("SCHEDULE_NOT_FOUND", "schedule not found");
  return { schedule: serializeSchedule(schedule) };
}
