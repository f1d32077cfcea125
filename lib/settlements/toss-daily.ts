import type { PeriodicTask } from "@/lib/jobs/handler-types";
import { addDays, koreaDate } from "./business-days";
import { readTossSettlements } from "./read-toss";
import { advanceCursor, readCursor } from "./repository/derive";
import { bookDailyRead, liveTossChannels } from "./repository/toss-channels";

export const TOSS_DAILY_READ_QUEUE = "settlements.toss-read";
/** How far back the daily read looks: Toss pays out within days, and corrections come late. */
const LOOKBACK_DAYS = 14;

const cursorOf = (channelId: string) => `toss-read:${channelId}`;
/** A Korean date as an increasing number (2026-11-27 → 20261127), the cursor's position. */
const dayNumber = (day: string) => Number(day.replaceAll("-", ""));

/**
 * Books today's read (Korea time) of every LIVE Toss channel not yet read today. Run by every
 * worker; the job's dedupe key and the channel's cursor make it one read per channel and day.
 */
export async function bookTossDailyReads(now = Date.now()): Promise<void> {
  const today = koreaDate(now);
  for (const channel of await liveTossChannels()) {
    if ((await readCursor(cursorOf(channel.id))) >= dayNumber(today)) continue;
    await bookDailyRead(TOSS_DAILY_READ_QUEUE, channel, today);
  }
}

/**
 * The day's read of one channel: sold and payout dates of the 14 days ending yesterday (a day's
 * report is complete once it is over). A channel Toss does not answer fails the job, which retries.
 */
export async function runTossDailyRead(payload: { channelId: string; day: string }): Promise<void> {
  if ((await readCursor(cursorOf(payload.channelId))) >= dayNumber(payload.day)) return;
  const result = await readTossSettlements({
    channelId: payload.channelId,
    from: addDays(payload.day, -LOOKBACK_DAYS),
    to: addDays(payload.day, -1),
  });
  if (result.failed.length > 0) throw new Error("toss settlement report not read");
  await advanceCursor(cursorOf(payload.channelId), dayNumber(payload.day));
}

export const bookTossReadsTask: PeriodicTask = {
  name: "settlements.toss",
  everyMs: Number(process.env.TOSS_SETTLEMENT_CHECK_MS ?? 10 * 60_000),
  run: () => bookTossDailyReads(),
};
