import { reconcile } from "./report";
import type { ReconcileScope } from "./types";

/**
 * `npm run admin -- reconcile`: the report as exactly `{"checked", "mismatches", "unsettled"}`
 * with --json, else a short summary with the items needing attention first. Returns the exit
 * code: 0 only when nothing mismatches and nothing waits on a provider.
 */
export async function printReconciliation(scope: ReconcileScope, json: boolean): Promise<number> {
  const report = await reconcile(scope);
  if (json) {
    console.log(
      JSON.stringify({ checked: report.checked, mismatches: report.mismatches, unsettled: report.unsettled }),
    );
  } else {
    const attention = report.unsettled.filter((u) => u.needs_attention);
    console.log(
      `checked ${report.checked} records since ${new Date(scope.since).toISOString()}: ${report.mismatches.length} mismatches, ${report.unsettled.length} unsettled (${attention.length} need attention)`,
    );
    for (const m of report.mismatches)
      console.log(`  MISMATCH ${m.kind} payment ${m.payment_id ?? "?"} tx ${m.tx_id ?? "?"}: ${m.detail}`);
    for (const u of [...attention, ...report.unsettled.filter((x) => !x.needs_attention)]) {
      console.log(
        `  ${u.needs_attention ? "NEEDS ATTENTION" : "unsettled"} ${u.kind} ${u.id} payment ${u.payment_id ?? "-"} since ${u.since}${u.clock_ahead ? " (its times lie in the future: a clock ran ahead)" : ""}${u.last_error ? ` (${u.last_error})` : ""}`,
      );
    }
  }
  return report.mismatches.length === 0 && report.unsettled.length === 0 ? 0 : 1;
}
