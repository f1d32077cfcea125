import type { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { requireHostingContract } from "@/lib/tenancy/hosting";
import { loadSubStore, renameStore, updateProfile } from "./repository";
import { corporateOnlyFieldsPresent, type updateStoreInput } from "./schema";
import { serializeStore } from "./serialize";

/** PUT /v2/stores/{store-id}: members given replace the stored ones; tier code and taxation type stay. */
export async function updateStore({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: z.output<typeof updateStoreInput> & { store_id: string };
}) {
  requireHostingContract(ctx);
  await transaction(async (tx) => {
    const { profile } = await loadSubStore(ctx, input.store_id, tx);
    const taxation = profile.business_license.taxation_type;
    if (input.business_license && taxation !== "CORPORATE") {
      const field = corporateOnlyFieldsPresent(input.business_license)[0];
      if (field)
        throw new DomainError("INVALID_REQUEST", `body.business_license.${field}: only for CORPORATE taxation_type`, {
          field: `business_license.${field}`,
        });
    }
    const now = Date.now();
    if (input.name !== undefined) await renameStore(tx, ctx.merchantId, input.store_id, input.name, now);
    await updateProfile(
      tx,
      ctx.merchantId,
      input.store_id,
      {
        service_urls: input.service_urls,
        ...("manager_name" in input ? { manager_name: input.manager_name || null } : {}),
        ...("manager_phone_number" in input ? { manager_phone_number: input.manager_phone_number ?? null } : {}),
        ...("manager_email" in input ? { manager_email: input.manager_email ?? null } : {}),
        representative: input.representative,
        business_license: input.business_license && { taxation_type: taxation, ...input.business_license },
      },
      now,
    );
    // Which members changed, not their values (a profile holds personal data).
    const changed = Object.keys(input).filter((k) => k !== "store_id" && input[k as keyof typeof input] !== undefined);
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "store.update",
      targetId: input.store_id,
      after: { changed },
    });
  });
  return serializeStore(await loadSubStore(ctx, input.store_id));
}
