import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { withTransaction } from "@/lib/db/client";
import { loadSubStore } from "./repository";
import { corporateOnlyFieldsPresent, type updateStoreInput } from "./schema";
import { serializeStore } from "./serialize";
import type { z } from "zod";
import { requireHostingContract } from "@/lib/tenancy/hosting";

/** PUT /v2/stores/{store-id}: members given replace the stored ones; tier code and taxation type stay. */
export async function updateStore({ ctx, input }: { ctx: AuthContext; input: z.output<typeof updateStoreInput> & { store_id: string } }) {
  requireHostingContract(ctx);
  await withTransaction(async (tx) => {
    const { profile } = await loadSubStore(ctx, input.store_id, tx);
    const stored = JSON.parse(profile.business_license) as { taxation_type: "PERSON" | "CORPORATE" };
    if (input.business_license && stored.taxation_type !== "CORPORATE") {
      const field = corporateOnlyFieldsPresent(input.business_license)[0];
      if (field) throw new DomainError("INVALID_REQUEST", `body.business_license.${field}: only for CORPORATE taxation_type`, { field: `business_license.${field}` });
    }
    const now = Date.now();
    if (input.name !== undefined) {
      await tx.updateTable("stores").set({ name: input.name, updated_at: now }).where("id", "=", input.store_id).where("merchant_id", "=", ctx.merchantId).execute();
    }
    await tx
      .updateTable("store_profiles")
      .set({
        ...(input.service_urls !== undefined ? { service_urls: JSON.stringify(input.service_urls) } : {}),
        ...("manager_name" in input ? { manager_name: input.manager_name || null } : {}),
        ...("manager_phone_number" in input ? { manager_phone_number: input.manager_phone_number ?? null } : {}),
        ...("manager_email" in input ? { manager_email: input.manager_email ?? null } : {}),
        ...(input.representative ? { representative: JSON.stringify(input.representative) } : {}),
        ...(input.business_license ? { business_license: JSON.stringify({ taxation_type: stored.taxation_type, ...input.business_license }) } : {}),
        updated_at: now,
      })
      .where("store_id", "=", input.store_id)
      .where("merchant_id", "=", ctx.merchantId)
      .execute();
  });
  return serializeStore(await loadSubStore(ctx, input.store_id));
}
