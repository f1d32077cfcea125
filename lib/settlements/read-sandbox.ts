import { paymentProviderFor } from "@/lib/channels/providers";
import { callProvider } from "@/lib/providers/call";
import type { ProviderSettlement, SettlementContract } from "@/lib/providers/types";
import { logger } from "@/lib/ops/logger";
import { addDays, koreaDayStart, payoutDate } from "./business-days";
import { contractAmounts } from "./fees";
import type { ReportRange, ReportsRead } from "./report-range";
import { type PgSettlementRow, recordConfirmedSettlements } from "./record-confirmed";
import { termsOfChannels } from "./repository/contracts";
import { sandboxChannels } from "./repository/sandbox-channels";
import { recordedPgKeys } from "./repository/toss-channels";
import { type ContractTerms, DEFAULT_TERMS } from "./schema";

/** The channel's contract terms as the PG applies them (its fees positive, as PGs report them). */
function contractOf(terms: ContractTerms): SettlementContract {
  return {
    charge(method, kind, amount) {
      const c = contractAmounts(terms, method, kind, amount);
      return {
        fees: c.fees.map((f) => ({ type: f.type, amount: Math.abs(f.amount) })),
        vatOnFees: Math.abs(c.vat_on_fees),
      };
    },
    payoutDate: (soldOn) => payoutDate(soldOn, terms.payout_days),
  };
}

function pgRowOf(row: ProviderSettlement): PgSettlementRow {
  return {
    pg_key: row.pgKey,
    kind: row.kind,
    order_id: row.orderId,
    method: row.method,
    currency: row.currency,
    amount: row.amount,
    fees: row.fees,
    vat_on_fees: row.vatOnFees,
    sold_on: row.soldOn,
    payout_on: row.payoutOn,
  };
}

/**
 * Reads the sandbox's settlement report of TEST payment channels for sales of `from`–`to` (Korean
 * dates, inclusive) and records it as CONFIRMED, exactly as a LIVE Toss channel's report is: the
 * sandbox settles by the channel's contract terms (or the defaults), idempotent on its keys.
 */
export async function readSandboxSettlements(range: ReportRange & { from: string; to: string }): Promise<ReportsRead> {
  const channels = await sandboxChannels(range);
  const terms = await termsOfChannels(channels.map((c) => c.id));
  const result: ReportsRead = { channels: 0, read: 0, confirmed: 0, failed: [] };
  for (const channel of channels) {
    result.channels++;
    const provider = paymentProviderFor(channel);
    if (!provider.listSettlementReport) continue;
    const contract = contractOf(terms.get(channel.id) ?? DEFAULT_TERMS);
    const answer = await callProvider((signal) =>
      provider.listSettlementReport!({
        channel,
        signal,
        soldFrom: koreaDayStart(range.from),
        soldUntil: koreaDayStart(addDays(range.to, 1)),
        contract,
      }),
    );
    if (!answer.answered) {
      logger.warn({ channel_id: channel.id, reason: answer.reason }, "sandbox settlements not read");
      result.failed.push(channel.id);
      continue;
    }
    result.read += answer.value.length;
    const known = await recordedPgKeys(
      channel.id,
      answer.value.map((r) => r.pgKey),
    );
    const fresh = answer.value.filter((r) => !known.has(r.pgKey)).map(pgRowOf);
    result.confirmed += await recordConfirmedSettlements(channel, fresh);
  }
  return result;
}
