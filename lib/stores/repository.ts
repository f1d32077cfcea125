import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import type { StoreProfilesTable } from "@/lib/db/tables/stores";
import type { SubStoreRow } from "./serialize";

/** A joined row: the store's own columns come prefixed, the rest are the profile's. */
function split({ s_name, s_tier_code, ...profile }: StoreProfilesTable & { s_name: string; s_tier_code: string | null }): SubStoreRow {
  return { store: { id: profile.store_id, name: s_name, tier_code: s_tier_code }, profile };
}

function subStores(db: Db | Tx, merchantId: string) {
  return db
    .selectFrom("stores")
    .innerJoin("store_profiles", "store_profiles.store_id", "stores.id")
    .selectAll("store_profiles")
    .select(["stores.name as s_name", "stores.tier_code as s_tier_code"])
    .where("stores.merchant_id", "=", merchantId);
}

/** The merchant's sub-stores (a store-limited caller: only its own), oldest first. */
export async function listSubStoreRows(ctx: AuthContext): Promise<SubStoreRow[]> {
  let query = subStores(getDb(), ctx.merchantId);
  if (ctx.storeLimited) query = query.where("stores.id", "=", ctx.storeId);
  const rows = await query.orderBy("stores.created_at").orderBy("stores.id").execute();
  return rows.map(split);
}

/**
 * One sub-store the caller may see. Another merchant's store, the default store (not a sub-store)
 * and, for a store-limited caller, any other store all answer STORE_NOT_FOUND.
 */
export async function loadSubStore(ctx: AuthContext, storeId: string, db: Db | Tx = getDb()): Promise<SubStoreRow> {
  if (ctx.storeLimited && storeId !== ctx.storeId) throw new DomainError("STORE_NOT_FOUND", "store not found");
  const row = await subStores(db, ctx.merchantId).where("stores.id", "=", storeId).executeTakeFirst();
  if (!row) throw new DomainError("STORE_NOT_FOUND", "store not found");
  return split(row);
}

export async function tierCodeTaken(db: Db | Tx, merchantId: string, tierCode: string): Promise<boolean> {
  const row = await db.selectFrom("stores").select("id").where("merchant_id", "=", merchantId).where("tier_code", "=", tierCode).executeTakeFirst();
  return row !== undefined;
}

/** SQLite and PostgreSQL unique-constraint failures (a concurrent insert won the race). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE";
}
