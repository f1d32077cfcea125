import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { addDays, koreaDate } from "./business-days";
import { readSandboxSettlements } from "./read-sandbox";
import { readTossSettlements } from "./read-toss";
import { LOOKBACK_DAYS, type ReportRange, type ReportsRead } from "./report-range";
import type { ReadReportsInput } from "./schema";

/**
 * Reads the settlement reports of LIVE Toss channels (Toss's API) and TEST channels (the sandbox)
 * for `from`–`to` (Korean dates, inclusive; default the last 14 days up to today) and records
 * their rows as CONFIRMED.
 */
export async function readPgReports(range: ReportRange = {}): Promise<ReportsRead> {
  const to = range.to ?? koreaDate(Date.now());
  const from = range.from ?? addDays(to, -LOOKBACK_DAYS);
  const toss = await readTossSettlements({ ...range, from, to });
  const sandbox = await readSandboxSettlements({ ...range, from, to });
  return {
    channels: toss.channels + sandbox.channels,
    read: toss.read + sandbox.read,
    confirmed: toss.recorded + sandbox.confirmed,
    failed: [...toss.failed, ...sandbox.failed],
  };
}

/** The dashboard's on-demand read of the caller's store's PG settlement reports (OWNER/ADMIN). */
export async function readSettlementReports({
  ctx,
}: {
  ctx: AuthContext;
  input: ReadReportsInput;
}): Promise<ReportsRead> {
  if (ctx.role === "VIEWER") throw new DomainError("PERMISSION_DENIED", "only owners and admins read PG reports");
  return readPgReports({ merchantId: ctx.merchantId, storeId: ctx.storeId });
}
