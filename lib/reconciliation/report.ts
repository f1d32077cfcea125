import { paymentProviderFor } from "@/lib/channels/providers";
import { channelRefOf } from "@/lib/payments/transactions/repository";
import type { SettlementEntry } from "@/lib/providers/types";
import { checkSettlements } from "@/lib/settlements/check-settlements";
import { toRfc3339 } from "@/lib/time";
import { compare, type OurRecords } from "./compare";
import { type AttemptRecord, loadRecordsForWindow, paymentAccountsInScope } from "./repository";
import { lookUpSettlement } from "./lookup-settlement";
import { fetchSettlement } from "./settlement";
import type { ReconcileScope, ReconciliationReport, UnsettledItem } from "./types";
import { listUnsettled } from "./unsettled";

/** The provider's clock and ours differ a little: its file is read from a bit before the window. */
const CLOCK_SLACK_MS = 10 * 60_000;

function accountOf(row: AttemptRecord): string {
  const channel = channelRefOf(row);
  return `${channel.type}|${channel.pg_provider}|${channel.pg_merchant_id}`;
}

/** Our side: the window's attempts, those the provider's file names, and their cancellations and late approvals. */
async function loadOurs(scope: ReconcileScope, until: number, named: string[]): Promise<OurRecords> {
  return { ...(await loadRecordsForWindow(scope, until, named)), since: scope.since };
}

/**
 * Reconciles the providers' settlement files with our records over [since, until) and lists what
 * is still waiting on a provider (docs/payments.md, "Reconciliation"). Works against whatever
 * database the process uses, with the server running or not. A FAILED attempt the provider
 * charged is recorded as a late approval (the sweep refunds it) and shows as unsettled until then.
 */
export async function reconcile(scope: ReconcileScope): Promise<ReconciliationReport> {
  const until = scope.until ?? Date.now() + 1;
  const entries: SettlementEntry[] = [];
  const listed = new Set<string>();
  const lookedUp = new Set<string>();
  const unreachable: UnsettledItem[] = [];
  let window: AttemptRecord[] | null = null;
  for (const channel of await paymentAccountsInScope(scope)) {
    const account = `${channel.type}|${channel.pg_provider}|${channel.pg_merchant_id}`;
    let file: Awaited<ReturnType<typeof fetchSettlement>>;
    if (paymentProviderFor(channel).reconciledBy === "lookup") {
      window ??= [...(await loadRecordsForWindow(scope, until, [])).transactions.values()];
      file = await lookUpSettlement(
        channel,
        window.filter((row) => accountOf(row) === account),
      );
      lookedUp.add(account);
    } else file = await fetchSettlement(channel, scope.since - CLOCK_SLACK_MS, until);
    if ("entries" in file) {
      entries.push(...file.entries);
      listed.add(account);
    } else {
      const at = toRfc3339(Date.now());
      unreachable.push({
        kind: "settlement_listing",
        id: account,
        merchant_id: null,
        store_id: null,
        payment_id: null,
        amount: null,
        since: at,
        lookup_attempts: 3,
        next_lookup_at: null,
        last_error: file.error,
        needs_attention: false,
      });
    }
  }
  const named = entries.map((e) => e.txId);
  const ours = await loadOurs(scope, until, [...new Set(named)]);
  const mismatches = [
    ...(await compare(entries, ours, listed, accountOf, lookedUp)),
    ...(await checkSettlements({ ...scope, until })),
  ];
  const unsettled = [...unreachable, ...(await listUnsettled(scope))];
  const checked = new Set([
    ...entries.map((e) => (e.type === "PAYMENT" ? e.pgTxId : e.pgCancellationId)),
    ...ours.transactions.keys(),
    ...ours.cancellations.map((c) => c.id),
  ]).size;
  return { checked, mismatches, unsettled };
}
