import { callProvider } from "@/lib/providers/call";
import { tossPayments } from "@/lib/channels/providers";
import type { TossSettlement } from "@/lib/providers/tosspayments/settlements-api";
import { logger } from "@/lib/ops/logger";
import { addDays, koreaDate } from "./business-days";
import { recordConfirmedSettlements } from "./record-confirmed";
import { liveTossChannels, recordedPgKeys } from "./repository/toss-channels";
import { pgRowOfToss } from "./toss-rows";
import { LOOKBACK_DAYS, type ReportRange } from "./report-range";

export type TossReadResult = { channels: number; read: number; recorded: number; failed: string[] };

/**
 * Reads every LIVE Toss channel's settlement report (by sold date and by payout date, every page)
 * for `from`–`to` (Korean dates, inclusive; default the last 14 days) and records its rows as
 * CONFIRMED. Idempotent on Toss's transactionKey: a key already recorded for the channel is
 * skipped, so a re-read records nothing twice. A channel Toss does not answer is named in `failed`.
 * `merchantId`, `storeId` and `channelId` limit the read to one merchant's, store's or channel's. A row
 * naming a payment or refund we have not settled yet waits for it (lib/settlements/rematch.ts).
 */
export async function readTossSettlements(range: ReportRange = {}): Promise<TossReadResult> {
  const to = range.to ?? koreaDate(Date.now());
  const from = range.from ?? addDays(to, -LOOKBACK_DAYS);
  const result: TossReadResult = { channels: 0, read: 0, recorded: 0, failed: [] };
  for (const channel of await liveTossChannels(range)) {
    result.channels++;
    const byKey = new Map<string, TossSettlement>();
    let failure: string | null = null;
    for (const dateType of ["soldDate", "paidOutDate"] as const) {
      const answer = await callProvider((signal) =>
        tossPayments.listSettlements({ channel, signal, startDate: from, endDate: to, dateType }),
      );
      if (!answer.answered) {
        failure = answer.reason;
        break;
      }
      for (const row of answer.value) byKey.set(row.transactionKey, row);
    }
    if (failure) {
      logger.warn({ channel_id: channel.id, reason: failure }, "toss settlements not read");
      result.failed.push(channel.id);
      continue;
    }
    result.read += byKey.size;
    const known = await recordedPgKeys(channel.id, [...byKey.keys()]);
    const fresh = [...byKey.values()].filter((r) => !known.has(r.transactionKey)).map(pgRowOfToss);
    result.recorded += await recordConfirmedSettlements(channel, fresh);
  }
  return result;
}
