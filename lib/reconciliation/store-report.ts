import { z } from "zod";
import { DomainError } from "@/lib/api/error-codes";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { lookUpNow } from "@/lib/payments/sweep";
import { OPEN_STATUS, type UnsettledTable } from "@/lib/payments/unsettled";
import { reconcile } from "./report";
import type { ReconciliationReport } from "./types";

/** The dashboard's window: the last day, as a PG's daily settlement file. */
const WINDOW_MS = 24 * 3_600_000;

/** The reconciliation report of the dashboard's current store (same report as the CLI's, scoped). */
export function storeReconciliation({ ctx }: { ctx: AuthContext }): Promise<ReconciliationReport> {
  return reconcile({ since: Date.now() - WINDOW_MS, merchantId: ctx.merchantId, storeId: ctx.storeId });
}

export const lookUpInput = z.object({ kind: z.enum(["attempt", "cancellation", "late_approval_refund"]), id: z.string().min(1).max(200) });

const TABLE_OF: Record<z.output<typeof lookUpInput>["kind"], UnsettledTable> = {
  attempt: "transactions",
  cancellation: "cancellations",
  late_approval_refund: "late_approvals",
};

/**
 * "Look up now" on an unsettled item: asks the provider at once, whatever the backoff said, and
 * answers whether the item is settled now. Another store's (or merchant's) item is not found.
 */
export async function lookUpUnsettled({ ctx, input }: { ctx: AuthContext; input: z.output<typeof lookUpInput> }): Promise<{ settled: boolean }> {
  const table = TABLE_OF[input.kind];
  const owned = await getDb().selectFrom(table).select("id").where("id", "=", input.id).where("merchant_id", "=", ctx.merchantId).where("store_id", "=", ctx.storeId).executeTakeFirst();
  if (!owned) throw new DomainError("NOT_FOUND", "no such unsettled item in this store");
  await lookUpNow(table, input.id);
  const open = await getDb().selectFrom(table).select("status").where("id", "=", input.id).executeTakeFirstOrThrow();
  return { settled: open.status !== OPEN_STATUS[table] };
}
