import { getDb } from "@/lib/db/client";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { channelRefOf } from "@/lib/payments/locks";
import type { SettlementEntry } from "@/lib/providers/types";
import { toRfc3339 } from "@/lib/time";
import { compare, type OurRecords } from "./compare";
import { accountsInScope, fetchSettlement } from "./settlement";
import type { ReconcileScope, ReconciliationReport, UnsettledItem } from "./types";
import { listUnsettled } from "./unsettled";

/** The provider's clock and ours differ a little: its file is read from a bit before the window. */
const CLOCK_SLACK_MS = 10 * 60_000;
const BATCH = 500;

function accountOf(row: TransactionsTable): string {
  const channel = channelRefOf(row);
  return `${channel.type}|${channel.pg_provider}|${channel.pg_merchant_id}`;
}

async function inBatches<T>(ids: string[], load: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += BATCH) out.push(...(await load(ids.slice(i, i + BATCH))));
  return out;
}

/** Our side: the window's attempts, those the provider's file names, and their cancellations and late approvals. */
async function loadOurs(scope: ReconcileScope, until: number, named: string[]): Promise<OurRecords> {
  const db = getDb();
  let windowQuery = db.selectFrom("transactions").selectAll().where("requested_at", ">=", scope.since).where("requested_at", "<", until);
  if (scope.merchantId) windowQuery = windowQuery.where("merchant_id", "=", scope.merchantId);
  if (scope.storeId) windowQuery = windowQuery.where("store_id", "=", scope.storeId);
  const inWindow = await windowQuery.execute();
  const transactions = new Map(inWindow.map((r) => [r.id, r]));
  const missing = named.filter((id) => !transactions.has(id));
  for (const row of await inBatches(missing, (batch) => db.selectFrom("transactions").selectAll().where("id", "in", batch).execute())) transactions.set(row.id, row);
  const ids = [...transactions.keys()];
  const cancellations = await inBatches(ids, (batch) => db.selectFrom("cancellations").selectAll().where("transaction_id", "in", batch).execute());
  const lateApprovals = await inBatches(ids, (batch) => db.selectFrom("late_approvals").selectAll().where("transaction_id", "in", batch).execute());
  return { transactions, cancellations, lateApprovals, inWindow: new Set(inWindow.map((r) => r.id)), since: scope.since };
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
  const unreachable: UnsettledItem[] = [];
  for (const channel of await accountsInScope(scope)) {
    const file = await fetchSettlement(channel, scope.since - CLOCK_SLACK_MS, until);
    const account = `${channel.type}|${channel.pg_provider}|${channel.pg_merchant_id}`;
    if ("entries" in file) {
      entries.push(...file.entries);
      listed.add(account);
    } else {
      const at = toRfc3339(Date.now());
      unreachable.push({ kind: "settlement_listing", id: account, merchant_id: null, store_id: null, payment_id: null, amount: null, since: at, lookup_attempts: 3, next_lookup_at: null, last_error: file.error, needs_attention: false });
    }
  }
  const named = entries.map((e) => e.txId);
  const ours = await loadOurs(scope, until, [...new Set(named)]);
  const mismatches = await compare(entries, ours, listed, accountOf);
  const unsettled = [...unreachable, ...(await listUnsettled(scope))];
  const checked = new Set([...entries.map((e) => (e.type === "PAYMENT" ? e.pgTxId : e.pgCancellationId)), ...ours.transactions.keys(), ...ours.cancellations.map((c) => c.id)]).size;
  return { checked, mismatches, unsettled };
}
