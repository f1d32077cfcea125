import type { Db, Tx } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import type { StoresTable } from "@/lib/db/tables/foundation";
import { precompiled } from "@/lib/db/precompiled";

export type StoreRecord = StoresTable;

export async function insertMerchant(
  tx: Db | Tx,
  row: { id: string; name: string; hosting: boolean; now: number },
): Promise<void> {
  await tx
    .insertInto("merchants")
    .values({
      id: row.id,
      name: row.name,
      has_hosting_contract: row.hosting ? 1 : 0,
      default_store_id: null,
      created_at: row.now,
    })
    .execute();
}

export async function setDefaultStore(tx: Db | Tx, merchantId: string, storeId: string): Promise<void> {
  await tx.updateTable("merchants").set({ default_store_id: storeId }).where("id", "=", merchantId).execute();
}

export async function insertStoreRow(
  tx: Db | Tx,
  row: Omit<StoreRecord, "webhook_url"> & { webhook_url?: null },
): Promise<void> {
  await tx
    .insertInto("stores")
    .values({ ...row, webhook_url: row.webhook_url ?? null })
    .execute();
}

// Most API requests resolve their store: built once, each call binds values.
const merchantStore = precompiled((db: Db, storeId: string, merchantId: string) =>
  db.selectFrom("stores").selectAll().where("id", "=", storeId).where("merchant_id", "=", merchantId),
);

/** The merchant's store by id; another merchant's store is not found. */
export function findMerchantStore(merchantId: string, storeId: string): Promise<StoreRecord | undefined> {
  return merchantStore.first([storeId, merchantId]);
}

export function requireMerchant(id: string) {
  return getDb().selectFrom("merchants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** The merchant's stores (only `onlyStoreId` for a store-limited user), the default first, then oldest first. */
export function listMerchantStores(
  merchantId: string,
  onlyStoreId: string | null,
): Promise<{ id: string; name: string; is_default: number }[]> {
  let q = getDb().selectFrom("stores").select(["id", "name", "is_default"]).where("merchant_id", "=", merchantId);
  if (onlyStoreId) q = q.where("id", "=", onlyStoreId);
  return q.orderBy("is_default", "desc").orderBy("created_at").execute();
}

/** Whether any merchant exists (a first start finds none). */
export async function anyMerchantExists(): Promise<boolean> {
  return (await getDb().selectFrom("merchants").select("id").limit(1).executeTakeFirst()) !== undefined;
}
