import { getDb } from "@/lib/db/client";
import { callProvider } from "@/lib/providers/call";
import { paymentProviderFor } from "@/lib/providers/registry";
import type { ChannelRef, SettlementEntry } from "@/lib/providers/types";
import type { ReconcileScope } from "./types";

/** Provider accounts (one per PG merchant id) the scope's payment channels use. */
export async function accountsInScope(scope: ReconcileScope): Promise<ChannelRef[]> {
  let q = getDb().selectFrom("channels").select(["id", "key", "type", "pg_provider", "pg_merchant_id"]).where("is_for_payment", "=", 1);
  if (scope.merchantId) q = q.where("merchant_id", "=", scope.merchantId);
  if (scope.storeId) q = q.where("store_id", "=", scope.storeId);
  const accounts = new Map<string, ChannelRef>();
  for (const channel of await q.orderBy("id").execute()) accounts.set(`${channel.type}|${channel.pg_provider}|${channel.pg_merchant_id}`, channel);
  return [...accounts.values()];
}

const ATTEMPTS = 3;

/** The account's whole settlement file for the window, or the reason it could not be fetched. */
export async function fetchSettlement(channel: ChannelRef, from: number, to: number): Promise<{ entries: SettlementEntry[] } | { error: string }> {
  const entries: SettlementEntry[] = [];
  let cursor: string | null = null;
  do {
    let page = null;
    let reason = "";
    for (let attempt = 0; attempt < ATTEMPTS && !page; attempt++) {
      const result = await callProvider((signal) => paymentProviderFor(channel).listTransactions({ channel, signal, from, to, cursor, limit: 1000 }));
      if (result.answered) page = result.value;
      else reason = result.reason;
    }
    if (!page) return { error: reason };
    entries.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  return { entries };
}
