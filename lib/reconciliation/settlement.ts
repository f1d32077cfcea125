import { callProvider } from "@/lib/providers/call";
import { paymentProviderFor } from "@/lib/channels/providers";
import type { ChannelRef, SettlementEntry } from "@/lib/providers/types";

const ATTEMPTS = 3;

/** The account's whole settlement file for the window, or the reason it could not be fetched. */
export async function fetchSettlement(
  channel: ChannelRef,
  from: number,
  to: number,
): Promise<{ entries: SettlementEntry[] } | { error: string }> {
  const entries: SettlementEntry[] = [];
  let cursor: string | null = null;
  do {
    let page = null;
    let reason = "";
    for (let attempt = 0; attempt < ATTEMPTS && !page; attempt++) {
      const result = await callProvider((signal) =>
        paymentProviderFor(channel).listTransactions({ channel, signal, from, to, cursor, limit: 1000 }),
      );
      if (result.answered) page = result.value;
      else reason = result.reason;
    }
    if (!page) return { error: reason };
    entries.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  return { entries };
}
