import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import type { StoreApplicationEventsTable } from "@/lib/db/tables/stores";
import { newId } from "@/lib/ids";

export function listStoreApplicationRows(merchantId: string, storeId: string) {
  return getDb().selectFrom("store_applications").selectAll().where("merchant_id", "=", merchantId).where("store_id", "=", storeId).orderBy("created_at").orderBy("id").execute();
}

/** An application the caller may see (store-limited callers: their store's only). */
export async function loadApplication(ctx: AuthContext, applicationId: string, db: Db | Tx = getDb()) {
  let query = db.selectFrom("store_applications").selectAll().where("id", "=", applicationId).where("merchant_id", "=", ctx.merchantId);
  if (ctx.storeLimited) query = query.where("store_id", "=", ctx.storeId);
  const row = await query.executeTakeFirst();
  if (!row) throw new DomainError("NOT_FOUND", "application not found");
  return row;
}

export async function eventsByApplication(merchantId: string, applicationIds: string[]): Promise<Map<string, StoreApplicationEventsTable[]>> {
  const map = new Map<string, StoreApplicationEventsTable[]>();
  if (applicationIds.length === 0) return map;
  const rows = await getDb()
    .selectFrom("store_application_events")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("application_id", "in", applicationIds)
    .orderBy("at")
    .orderBy("id")
    .execute();
  for (const r of rows) map.set(r.application_id, [...(map.get(r.application_id) ?? []), r]);
  return map;
}

export async function recordEvent(tx: Tx, event: Omit<StoreApplicationEventsTable, "id">): Promise<void> {
  await tx.insertInto("store_application_events").values({ id: newId("appev-"), ...event }).execute();
}
