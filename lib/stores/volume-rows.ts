import { getDb } from "@/lib/db/client";

/** The newest application of each given store (its onboarding state), merchant-scoped. */
export async function latestApplicationStatuses(merchantId: string, storeIds: string[]) {
  if (storeIds.length === 0) return new Map<string, string>();
  const rows = await getDb()
    .selectFrom("store_applications")
    .select(["store_id", "status", "status_changed_at"])
    .where("merchant_id", "=", merchantId)
    .where("store_id", "in", storeIds)
    .orderBy("status_changed_at", "asc")
    .execute();
  return new Map(rows.map((r) => [r.store_id, r.status]));
}
