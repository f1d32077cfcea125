import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { lookUpNow } from "@/lib/payments/unsettled/sweep";
import { OPEN_STATUS, type UnsettledTable } from "@/lib/payments/unsettled/repository/look-ups";
import { reconcile } from "./report";
import { isStillOpen, unsettledRecordInStore } from "./repository";
import type { ReconciliationReport } from "./types";

/** The dashboard's window: the last day, as a PG's daily settlement file. */
const WINDOW_MS = 24 * 3_600_000;

/** The reconciliation report of the dashboard's current store (same report as the CLI's, scoped). */
export function storeReconciliation({ ctx }: { ctx: AuthContext }): Promise<ReconciliationReport> {
  return reconcile({ since: Date.now() - WINDOW_MS, merchantId: ctx.merchantId, storeId: ctx.storeId });
}

/** The figures the reconciliation page shows, counted once for it and the overview's "Needs attention" panel. */
export type ReconciliationCounts = { checked: number; mismatches: number; unsettled: number; needsAttention: number };

export function countReport(report: ReconciliationReport): ReconciliationCounts {
  return {
    checked: report.checked,
    mismatches: report.mismatches.length,
    unsettled: report.unsettled.length,
    needsAttention: report.unsettled.filter((u) => u.needs_attention).length,
  };
}

/** The current store's report counted (the overview's panel): the same report as the page's, so the same numbers. */
export async function storeReconciliationCounts({ ctx }: { ctx: AuthContext }): Promise<ReconciliationCounts> {
  return countReport(await storeReconciliation({ ctx }));
}

export const lookUpInput = z.object({
  kind: z.enum(["attempt", "cancellation", "late_approval_refund"]),
  id: z.string().min(1).max(200),
});

const TABLE_OF: Record<z.output<typeof lookUpInput>["kind"], UnsettledTable> = {
  attempt: "transactions",
  cancellation: "cancellations",
  late_approval_refund: "late_approvals",
};

/**
 * "Look up now" on an unsettled item: asks the provider at once, whatever the backoff said, and
 * answers whether the item is settled now. Another store's (or merchant's) item is not found.
 */
export async function lookUpUnsettled({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: z.output<typeof lookUpInput>;
}): Promise<{ settled: boolean }> {
  const table = TABLE_OF[input.kind];
  if (!(await unsettledRecordInStore(table, input.id, ctx.merchantId, ctx.storeId)))
    throw new DomainError("NOT_FOUND", "no such unsettled item in this store");
  await lookUpNow(table, input.id);
  return { settled: !(await isStillOpen(table, input.id, OPEN_STATUS[table])) };
}
