import { recordAudit } from "@/lib/audit/record";
import type { AuthContext } from "@/lib/auth/context";
import { isUniqueViolation, transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { requireHostingContract } from "@/lib/tenancy/hosting";
import { insertStore } from "@/lib/tenancy/insert-store";
import { insertProfile, loadSubStore, tierCodeTaken } from "./repository";
import type { CreateStoreValues } from "./schema";
import { serializeStore } from "./serialize";

/** POST /v2/stores: a sub-store with its own TEST channels and webhook secret (CONTRACT §7). */
export async function createStore({ ctx, input }: { ctx: AuthContext; input: CreateStoreValues }) {
  requireHostingContract(ctx);
  if (ctx.storeLimited) throw new DomainError("FORBIDDEN", "a store-limited credential cannot create stores");
  const terms = input.terms_agreed ?? [];
  if (terms.length !== 2 || !terms.every((t) => t === true)) {
    throw new DomainError(
      "TERMS_NOT_AGREED",
      "terms_agreed: both agreements (personal data collection, providing store information) must be true",
    );
  }
  const duplicate = () =>
    new DomainError("TIER_CODE_ALREADY_EXISTS", `tier_code: ${input.tier_code} is already used by another store`);
  let storeId: string;
  try {
    storeId = await transaction(async (tx) => {
      if (await tierCodeTaken(tx, ctx.merchantId, input.tier_code)) throw duplicate();
      const { id } = await insertStore(tx, {
        merchantId: ctx.merchantId,
        name: input.name,
        isDefault: false,
        tierCode: input.tier_code,
      });
      const now = Date.now();
      await insertProfile(tx, {
        store_id: id,
        merchant_id: ctx.merchantId,
        service_urls: input.service_urls,
        manager_name: input.manager_name || null,
        manager_phone_number: input.manager_phone_number ?? null,
        manager_email: input.manager_email ?? null,
        representative: input.representative,
        business_license: input.business_license,
        terms_agreed_at: now,
        created_at: now,
        updated_at: now,
      });
      // Name and tier code only: the profile holds personal data.
      await recordAudit(tx, {
        merchantId: ctx.merchantId,
        action: "store.create",
        targetId: id,
        after: { name: input.name, tier_code: input.tier_code },
      });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  return serializeStore(await loadSubStore(ctx, storeId));
}
