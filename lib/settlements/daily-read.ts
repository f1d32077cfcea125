import type { PeriodicTask } from "@/lib/jobs/handler-types";
import { addDays, koreaDate } from "./business-days";
import { readPgReports } from "./read-reports";
import { LOOKBACK_DAYS } from "./report-range";
import { advanceCursor, readCursor } from "./repository/derive";
import { sandboxChannels } from "./repository/sandbox-channels";
import { bookDailyRead, liveTossChannels } from "./repository/toss-channels";

export const DAILY_READ_QUEUE = "settlements.report-read";

const cursorOf = (channelId: string) => `report-read:${channelId}`;
/** A Korean date as an increasing number (2026-11-27 → 20261127), the cursor's position. */
const dayNumber = (day: string) => Number(day.replaceAll("-", ""));

/**
 * Books today's read (Korea time) of every channel with a PG report not yet read today: LIVE Toss
 * channels, and TEST channels with expected settlements to confirm. Run by every worker; the job's
 * dedupe key and the channel's cursor make it one read per channel and day.
 */
export async function bookDailyReads(now = Date.now()): Promise<void> {
  const today = koreaDate(now);
  const channels = [
    ...(await liveTossChannels()),
    ...(await sandboxChannels({ expectedSince: addDays(today, -LOOKBACK_DAYS) })),
  ];
  for (const channel of channels) {
    if ((await readCursor(cursorOf(channel.id))) >= dayNumber(today)) continue;
    await bookDailyRead(DAILY_READ_QUEUE, channel, today);
  }
}

/**
 * The day's read of one channel: sold and payout dates of the 14 days ending yesterday (a day's
 * report is complete once it is over). A PG that does not answer fails the job, which retries.
 */
export async function runDailyRead(payload: { channelId: string; day: string }): Promise<void> {
  if ((await readCursor(cursorOf(payload.channelId))) >= dayNumber(payload.day)) return;
  const result = await readPgReports({
    channelId: payload.channelId,
    from: addDays(payload.day, -LOOKBACK_DAYS),
    to: addDays(payload.day, -1),
  });
  if (result.failed.length > 0) throw new Error("settlement report not read");
  await advanceCursor(cursorOf(payload.channelId), dayNumber(payload.day));
}

export const bookDailyReadsTask: PeriodicTask = {
  name: "settlements.reports",
  everyMs: Number(process.env.SETTLEMENT_READ_CHECK_MS ?? 10 * 60_000),
  run: () => bookDailyReads(),
};
