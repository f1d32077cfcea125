import { recordAudit } from "@/lib/audit/record";
import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { loadSubStore } from "@/lib/stores/repository";
import { type ApplicationRecord, insertApplication, recordEvent } from "./repository";
import type { PgSpecificInfo } from "./schema";
import { serializeApplication } from "./serialize";
import { requireHostingContract } from "@/lib/tenancy/hosting";

type Input = {
  store_id: string;
  applications: { pg_company: string; methods: ApplicationRecord["methods"] }[];
  pg_specific_info: PgSpecificInfo;
};

/** POST /v2/stores/{store-id}/applications: one application per provider, each RECEPTION_SCHEDULED (CONTRACT §7). */
export async function submitApplications({ ctx, input }: { ctx: AuthContext; input: Input }) {
  requireHostingContract(ctx);
  const store = await loadSubStore(ctx, input.store_id);
  const rows = await transaction(async (tx) => {
    const now = Date.now();
    const created: ApplicationRecord[] = [];
    for (const [index, app] of input.applications.entries()) {
      const row: ApplicationRecord = {
        id: newId("application-"),
        merchant_id: ctx.merchantId,
        store_id: store.store.id,
        pg_company: app.pg_company,
        methods: app.methods,
        status: "RECEPTION_SCHEDULED",
        status_changed_at: now,
        pg_specific_info: input.pg_specific_info,
        failed_reason: null,
        // Only Toss Payments runs its own contract (sign-up page + review).
        contract_status: app.pg_company === "TOSSPAYMENTS" ? "READY" : null,
        contract_status_changed_at: app.pg_company === "TOSSPAYMENTS" ? now : null,
        pg_credential: null,
        channel_id: null,
        // Distinct creation times keep the submitted order in listings.
        created_at: now + index,
        updated_at: now,
      };
      await insertApplication(tx, row);
      await recordEvent(tx, {
        merchant_id: ctx.merchantId,
        application_id: row.id,
        field: "status",
        from_value: null,
        to_value: row.status,
        reason: null,
        at: now,
      });
      if (row.contract_status) {
        await recordEvent(tx, {
          merchant_id: ctx.merchantId,
          application_id: row.id,
          field: "contract_status",
          from_value: null,
          to_value: row.contract_status,
          reason: null,
          at: now,
        });
      }
      await recordAudit(tx, {
        merchantId: ctx.merchantId,
        action: "application.submit",
        targetId: row.id,
        after: {
          store_id: row.store_id,
          pg_company: row.pg_company,
          methods: row.methods,
          status: row.status,
          contract_status: row.contract_status,
        },
      });
      created.push(row);
    }
    return created;
  });
  return { applications: rows.map(serializeApplication) };
}
