import { DomainError } from "@/lib/api/error-codes";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { resolveStore } from "@/lib/tenancy/scope";
import { findBillingKey } from "./repository";
import type { ListBillingKeysInput } from "./schema";
import { serializeBillingKey } from "./serialize";

/** GET /v2/billing-keys/{billing_key}: another store's or merchant's key is not found. */
export async function getBillingKey({ ctx, input }: { ctx: AuthContext; input: { billing_key: string; store_id?: string } }) {
  const store = await resolveStore(ctx, input.store_id, { missingAs: "BILLING_KEY_NOT_FOUND", deniedAs: "BILLING_KEY_NOT_FOUND" });
  const row = await findBillingKey({ merchantId: ctx.merchantId, storeId: store.id, billingKey: input.billing_key });
  if (!row) throw new DomainError("BILLING_KEY_NOT_FOUND", "billing key not found");
  return { billing_key: serializeBillingKey(row) };
}

/**
 * GET /v2/billing-keys: the named keys (`billing_key` array, unknown ones left out), or else the
 * store's keys newest first, paged (CONTRACT §4 ext).
 */
export async function listBillingKeys({ ctx, input }: { ctx: AuthContext; input: ListBillingKeysInput }) {
  const store = await resolveStore(ctx, input.store_id);
  const base = getDb().selectFrom("billing_keys").where("merchant_id", "=", ctx.merchantId).where("store_id", "=", store.id);
  if (input.billing_key && input.billing_key.length > 0) {
    const wanted = [...new Set(input.billing_key)];
    const rows = await base.selectAll().where("id", "in", wanted).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { billing_keys: wanted.flatMap((id) => (byId.has(id) ? [serializeBillingKey(byId.get(id)!)] : [])) };
  }
  let filtered = base;
  if (input.customer_id) filtered = filtered.where("customer_id", "=", input.customer_id);
  if (input.status && input.status.length > 0) filtered = filtered.where("status", "in", input.status);
  const page = input.page ?? 0;
  const limit = input.limit ?? 10;
  const [{ count }, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    filtered.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(page * limit).execute(),
  ]);
  const total = Number(count);
  return { billing_keys: rows.map(serializeBillingKey), current_page: page, total_page: Math.ceil(total / limit), total_count: total };
}
