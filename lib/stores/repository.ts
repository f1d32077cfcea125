import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import type { StoreProfilesTable } from "@/lib/db/tables/stores";
import { DomainError } from "@/lib/errors/domain-error";
import { businessLicenseOutput, representativeOutput } from "./schema";

/** A sub-store's profile with its documents parsed and checked once, here. */
export type StoreProfileRecord = Omit<StoreProfilesTable, "service_urls" | "representative" | "business_license"> & {
  service_urls: string[];
  representative: z.infer<typeof representativeOutput>;
  business_license: z.infer<typeof businessLicenseOutput>;
};
/** A sub-store: the store's own columns and its profile. */
export type SubStoreRecord = {
  store: { id: string; name: string; tier_code: string | null };
  profile: StoreProfileRecord;
};

const serviceUrls = z.array(z.string());

function parseProfile(row: StoreProfilesTable): StoreProfileRecord {
  return {
    ...row,
    service_urls: serviceUrls.parse(JSON.parse(row.service_urls)),
    representative: representativeOutput.parse(JSON.parse(row.representative)),
    business_license: businessLicenseOutput.parse(JSON.parse(row.business_license)),
  };
}

/** A joined row: the store's own columns come prefixed, the rest are the profile's. */
function split({
  s_name,
  s_tier_code,
  ...profile
}: StoreProfilesTable & { s_name: string; s_tier_code: string | null }): SubStoreRecord {
  return { store: { id: profile.store_id, name: s_name, tier_code: s_tier_code }, profile: parseProfile(profile) };
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
export async function listSubStores(ctx: AuthContext): Promise<SubStoreRecord[]> {
  let query = subStores(getDb(), ctx.merchantId);
  if (ctx.storeLimited) query = query.where("stores.id", "=", ctx.storeId);
  const rows = await query.orderBy("stores.created_at").orderBy("stores.id").execute();
  return rows.map(split);
}

/**
 * One sub-store the caller may see. Another merchant's store, the default store (not a sub-store)
 * and, for a store-limited caller, any other store all answer STORE_NOT_FOUND.
 */
export async function loadSubStore(ctx: AuthContext, storeId: string, db: Db | Tx = getDb()): Promise<SubStoreRecord> {
  if (ctx.storeLimited && storeId !== ctx.storeId) throw new DomainError("STORE_NOT_FOUND", "store not found");
  const row = await subStores(db, ctx.merchantId).where("stores.id", "=", storeId).executeTakeFirst();
  if (!row) throw new DomainError("STORE_NOT_FOUND", "store not found");
  return split(row);
}

export async function tierCodeTaken(db: Db | Tx, merchantId: string, tierCode: string): Promise<boolean> {
  const row = await db
    .selectFrom("stores")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .where("tier_code", "=", tierCode)
    .executeTakeFirst();
  return row !== undefined;
}

type StoredProfileFields = Partial<
  Pick<
    StoreProfileRecord,
    "service_urls" | "manager_name" | "manager_phone_number" | "manager_email" | "representative" | "business_license"
  >
>;

function storedDocuments(fields: StoredProfileFields) {
  const { service_urls, representative, business_license, ...plain } = fields;
  return {
    ...plain,
    ...(service_urls !== undefined ? { service_urls: JSON.stringify(service_urls) } : {}),
    ...(representative !== undefined ? { representative: JSON.stringify(representative) } : {}),
    ...(business_license !== undefined ? { business_license: JSON.stringify(business_license) } : {}),
  };
}

export async function insertProfile(tx: Db | Tx, profile: StoreProfileRecord): Promise<void> {
  await tx
    .insertInto("store_profiles")
    .values({
      ...profile,
      service_urls: JSON.stringify(profile.service_urls),
      representative: JSON.stringify(profile.representative),
      business_license: JSON.stringify(profile.business_license),
    })
    .execute();
}

export async function renameStore(
  tx: Db | Tx,
  merchantId: string,
  storeId: string,
  name: string,
  now: number,
): Promise<void> {
  await tx
    .updateTable("stores")
    .set({ name, updated_at: now })
    .where("id", "=", storeId)
    .where("merchant_id", "=", merchantId)
    .execute();
}

/** Replaces the profile members given (undefined members stay). */
export async function updateProfile(
  tx: Db | Tx,
  merchantId: string,
  storeId: string,
  fields: StoredProfileFields,
  now: number,
): Promise<void> {
  await tx
    .updateTable("store_profiles")
    .set({ ...storedDocuments(fields), updated_at: now })
    .where("store_id", "=", storeId)
    .where("merchant_id", "=", merchantId)
    .execute();
}

/** Dashboard logins limited to this store. */
export function listStoreLogins(merchantId: string, storeId: string) {
  return getDb()
    .selectFrom("users")
    .select(["id", "email", "name", "role", "created_at"])
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .orderBy("created_at")
    .execute();
}

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
