import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { StaleWriteError, transaction } from "@/lib/db/transaction";
import { findBillingKey } from "@/lib/billing-keys/repository";
import { resolveStore } from "@/lib/tenancy/scope";
import type { DeleteSchedulesInput } from "./schema";
import { lockKeySchedules, transitionSchedules } from "./repository";

/** The spec allows this endpoint no 404 (CONTRACT §5): an unknown id is an invalid request naming it. */
function unknown(field: string, message: string, params: Record<string, unknown> = {}) {
  return new DomainError("INVALID_REQUEST", `${field}: ${message}`, { field, ...params });
}

/**
 * DELETE /v2/schedules: cancels the listed schedules of the key, or with no list every booked
 * one. All or nothing: any listed schedule already processed refuses the whole request. The
 * runner's SCHEDULED → STARTED update is conditional, so a cancelled schedule never runs.
 */
export async function cancelSchedules({ ctx, input }: { ctx: AuthContext; input: DeleteSchedulesInput }) {
  const store = await resolveStore(ctx, input.store_id, {
    missingAs: "INVALID_REQUEST",
    deniedAs: "INVALID_REQUEST",
  }).catch((error: unknown) => {
    throw error instanceof DomainError && error.code === "INVALID_REQUEST"
      ? unknown("store_id", "no such store")
      : error;
  });
  const key = await findBillingKey({ merchantId: ctx.merchantId, storeId: store.id, billingKey: input.billing_key });
  if (!key) throw unknown("billing_key", `no billing key ${input.billing_key} in this store`);
  const listed = [...new Set(input.schedule_id ?? [])];
  const cancelledAt = Date.now();
  const ids = await transaction(async (tx) => {
    const rows = await lockKeySchedules(tx, { merchantId: ctx.merchantId, storeId: store.id, keyId: key.id }, listed);
    const found = new Set(rows.map((r) => r.id));
    const missing = listed.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw unknown("schedule_id", `no schedule ${missing.join(", ")} on this billing key`, { schedule_ids: missing });
    const processed = rows.filter((r) => r.status !== "SCHEDULED").map((r) => r.id);
    if (processed.length > 0)
      throw new DomainError("SCHEDULE_ALREADY_PROCESSED", "some schedules were already processed", {
        schedule_ids: processed,
      });
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    try {
      await transitionSchedules(tx, ids, "SCHEDULED", "CANCELLED", cancelledAt);
    } catch (error) {
      if (error instanceof StaleWriteError)
        throw new DomainError("SCHEDULE_ALREADY_PROCESSED", "some schedules started meanwhile");
      throw error;
    }
    return listed.length > 0 ? listed : ids;
  });
  return { deleted_schedule_ids: ids };
}
