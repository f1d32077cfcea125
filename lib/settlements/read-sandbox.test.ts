import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { paidPayment } from "@/lib/testing/payments";
import { setTossTerms } from "@/lib/testing/settlements";
import { ownerContext } from "@/lib/testing/toss-live";
import { checkSettlements } from "./check-settlements";
import { bookDailyReads, DAILY_READ_QUEUE } from "./daily-read";
import { deriveExpectedSettlements } from "./derive-expected";
import { readPgReports, readSettlementReports } from "./read-reports";
import { koreaDate } from "./business-days";

/**
 * TEST channels confirmed by the sandbox's own settlement report (lib/providers/sandbox/settlements.ts),
 * which applies the channel's contract as a PG would, and its simulated PG errors, each a finding.
 */
type Merchant = Awaited<ReturnType<typeof newMerchant>>;
const DAY = 86_400_000;

/** A merchant on the 2.5% card contract (VAT 10%, D+1) with paid payments of these order names. */
async function sales(...orderNames: string[]) {
  const m = await newMerchant();
  const channelKey = await setTossTerms(m);
  const ids: string[] = [];
  for (const [i, name] of orderNames.entries())
    ids.push(
      await paidPayment(m, "4242424242424242", {
        channel_key: channelKey,
        order_name: name,
        total_amount: 10_000 + i * 1_000,
      }),
    );
  await deriveExpectedSettlements({ storeId: m.store_id });
  return { m, ids };
}

function rowsOf(m: Merchant) {
  return getDb().selectFrom("settlements").selectAll().where("store_id", "=", m.store_id).orderBy("id").execute();
}

/** The checks over the last 30 days, as if run `later` ms from now. */
function check(m: Merchant, later = 3_600_000) {
  const now = Date.now() + later;
  return checkSettlements({ since: now - 30 * DAY, until: now, merchantId: m.merchant_id, storeId: m.store_id }, now);
}

const read = (m: Merchant) => readPgReports({ merchantId: m.merchant_id, storeId: m.store_id });

describe("the sandbox's settlement report (TEST channels)", () => {
  it("confirms a payment and its partial refund by the channel's contract; a re-read records nothing; reconciliation is clean", async () => {
    const { m, ids } = await sales("Test order");
    const cancel = await m.api.post(`/v2/payments/${ids[0]}/cancel`, { cancel_amount: 4_000, reason: "one item" });
    expect(cancel.status).toBe(200);
    await deriveExpectedSettlements({ storeId: m.store_id });
    const expected = await rowsOf(m);
    expect(expected.map((r) => r.status)).toEqual(["EXPECTED", "EXPECTED"]);

    expect(await read(m)).toMatchObject({ read: 2, confirmed: 2, failed: [] });
    const rows = await rowsOf(m);
    expect(rows).toMatchObject([
      { kind: "PAYMENT", status: "CONFIRMED", gross: 10_000, fee_total: 250, vat_on_fees: 25, net: 9_725 },
      { kind: "REFUND", status: "CONFIRMED", gross: -4_000, fee_total: -100, vat_on_fees: -10, net: -3_890 },
    ]);
    // Same payout days as the contract gave the expected rows.
    expect(rows.map((r) => r.payout_on)).toEqual(expected.map((r) => r.payout_on));
    expect(await check(m, 5 * DAY)).toEqual([]);
    expect(await read(m)).toMatchObject({ read: 2, confirmed: 0 });
  });

  it("[sandbox:settle-fee] charges above the contract: fee_mismatch", async () => {
    const { m, ids } = await sales("Test order", "fee [sandbox:settle-fee]");
    await read(m);
    const findings = await check(m, 5 * DAY);
    expect(findings).toEqual([
      expect.objectContaining({ kind: "fee_mismatch", payment_id: ids[1], ours: 302, provider: 423 }),
    ]);
  });

  it("[sandbox:settle-short] pays short: settled_amount_mismatch", async () => {
    const { m, ids } = await sales("Test order", "short [sandbox:settle-short]");
    await read(m);
    expect(await check(m, 5 * DAY)).toEqual([
      expect.objectContaining({ kind: "settled_amount_mismatch", payment_id: ids[1], ours: 11_000, provider: 9_900 }),
    ]);
  });

  it("[sandbox:settle-late] pays late: absent from the report, payout_missing once its date has passed", async () => {
    const { m, ids } = await sales("Test order", "late [sandbox:settle-late]");
    expect(await read(m)).toMatchObject({ read: 1, confirmed: 1 });
    const late = (await rowsOf(m)).find((r) => r.payment_id === ids[1]);
    expect(late).toMatchObject({ status: "EXPECTED" });
    // Before its payout date nothing is late yet.
    expect(await check(m)).toEqual([]);
    expect(await check(m, 5 * DAY)).toEqual([expect.objectContaining({ kind: "payout_missing", payment_id: ids[1] })]);
  });

  it("the daily read books TEST channels with expected settlements; the dashboard's read is for owners and admins", async () => {
    const { m } = await sales("Test order");
    await bookDailyReads();
    const channel = (await rowsOf(m))[0]!.channel_id;
    const job = await getDb()
      .selectFrom("jobs")
      .select("payload")
      .where("dedupe_key", "=", `${DAILY_READ_QUEUE}:${channel}:${koreaDate(Date.now())}`)
      .executeTakeFirst();
    expect(job && JSON.parse(job.payload)).toMatchObject({ channelId: channel });

    await expect(readSettlementReports({ ctx: ownerContext(m, "VIEWER"), input: {} })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    expect(await readSettlementReports({ ctx: ownerContext(m, "ADMIN"), input: {} })).toMatchObject({
      read: 1,
      confirmed: 1,
      failed: [],
    });
  });
});
