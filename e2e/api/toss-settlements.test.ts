import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { lookUpNow } from "@/lib/payments/unsettled/sweep";
import { addDays, koreaDate, payoutDate } from "@/lib/settlements/business-days";
import { checkSettlements } from "@/lib/settlements/check-settlements";
import { RECORD_GRACE_MS } from "@/lib/settlements/rematch";
import { bookDailyReads, DAILY_READ_QUEUE, runDailyRead } from "@/lib/settlements/daily-read";
import { deriveExpectedSettlements } from "@/lib/settlements/derive-expected";
import { readTossSettlements } from "@/lib/settlements/read-toss";
import { upsertChannelTerms } from "@/lib/settlements/repository/contracts";
import { CARD_TERMS } from "@/lib/testing/settlements";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";
import { merchantWithLiveToss } from "@/lib/testing/toss-live";
import { startTossFake, type TossFake } from "../toss-fake/server";

/**
 * LIVE Toss channels' settlement report (GET /v1/settlements of the wire-level fake) recorded as
 * CONFIRMED settlements: payments and partial refunds replace their EXPECTED rows, a re-read
 * records nothing twice, and a fee above the contract is reported by the settlement checks.
 */
let fake: TossFake;
const SLOW_MS = 1_200;

beforeAll(async () => {
  fake = await startTossFake({ slowMs: SLOW_MS, settlement: { feeBps: 250, payoutDays: 1 } });
  process.env.TOSS_API_BASE = fake.baseUrl;
});
afterAll(async () => {
  delete process.env.TOSS_API_BASE;
  await fake.close();
});

type Live = Awaited<ReturnType<typeof merchantWithLiveToss>>;
const DAY = 86_400_000;

/** A LIVE Toss merchant on the 2.5% card contract (VAT 10%, D+1), with one paid card payment. */
async function livePaid(amount: number) {
  const m = await merchantWithLiveToss();
  await upsertChannelTerms({
    channelId: m.live.id,
    merchantId: m.merchant_id,
    storeId: m.store_id,
    terms: CARD_TERMS,
    updatedBy: null,
  });
  const id = newPaymentId();
  const paid = await m.api.post(
    `/v2/payments/${id}/instant/pay`,
    cardPayBody(m, "4242424242424242", { channel_key: m.live.key, total_amount: amount }),
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
  return { m, id, txId: tx.id as string };
}

/** Another paid card payment on the same merchant's LIVE channel. */
async function livePaidOn(m: Live, amount: number) {
  const id = newPaymentId();
  const paid = await m.api.post(
    `/v2/payments/${id}/instant/pay`,
    cardPayBody(m, "4242424242424242", { channel_key: m.live.key, total_amount: amount }),
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { id, txId: (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].id as string };
}

function rowsOf(m: Live) {
  return getDb()
    .selectFrom("settlements")
    .selectAll()
    .where("store_id", "=", m.store_id)
    .orderBy("kind")
    .orderBy("id")
    .execute();
}

/** The checks over the last 30 days, as if run `later` ms from now (default an hour: past the derivation's grace). */
function check(m: Live, later = 3_600_000) {
  const now = Date.now() + later;
  return checkSettlements({ since: now - 30 * DAY, until: now, merchantId: m.merchant_id, storeId: m.store_id }, now);
}

async function settlementsGet(secretKey: string, query: string) {
  const res = await fetch(`${fake.baseUrl}/v1/settlements?${query}`, {
    headers: { authorization: `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}` },
  });
  return { status: res.status, body: await res.json() };
}

describe("Toss settlement report (LIVE channels)", () => {
  it("records the payment and its partial refund as CONFIRMED from Toss's report, replacing the expected rows; a second read records nothing", async () => {
    const { m, id, txId } = await livePaid(11_000);
    const cancel = await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 3_000, reason: "one item" });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await deriveExpectedSettlements({ storeId: m.store_id });
    expect((await rowsOf(m)).map((r) => r.status)).toEqual(["EXPECTED", "EXPECTED"]);

    const first = await readTossSettlements({ merchantId: m.merchant_id });
    expect(first.failed).toEqual([]);
    const atToss = fake.ledger.payment(m.live.secretKey, txId)!;
    const approvalKey = fake.ledger.transactions
      .get(m.live.secretKey)!
      .find((t) => t.orderId === txId && t.status === "DONE")!.transactionKey;
    const refundKey = atToss.cancels![0]!.transactionKey;
    const cancellation = await getDb()
      .selectFrom("cancellations")
      .select(["id", "pg_cancellation_id"])
      .where("payment_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(cancellation.pg_cancellation_id).toBe(refundKey);

    const rows = await rowsOf(m);
    const sold = rows[0]!.sold_on;
    expect(rows).toMatchObject([
      {
        kind: "PAYMENT",
        status: "CONFIRMED",
        source_key: `tx:${txId}`,
        pg_key: approvalKey,
        gross: 11_000,
        fee_total: 275,
        vat_on_fees: 27,
        net: 10_698,
        payout_on: payoutDate(sold, 1),
      },
      {
        kind: "REFUND",
        status: "CONFIRMED",
        source_key: `cx:${cancellation.id}`,
        pg_key: refundKey,
        gross: -3_000,
        fee_total: -75,
        vat_on_fees: -7,
        net: -2_918,
        payout_on: payoutDate(rows[1]!.sold_on, 1),
      },
    ]);
    expect(await check(m)).toEqual([]);
    // Toss was asked by sale date and by payout date.
    expect(fake.hits.get("GET /v1/settlements")).toBeGreaterThanOrEqual(2);

    const again = await readTossSettlements({ merchantId: m.merchant_id });
    expect(again).toMatchObject({ recorded: 0, failed: [] });
    expect(await rowsOf(m)).toEqual(rows);
  });

  it("a fee Toss reports above the contract is a fee_mismatch of the settlement checks", async () => {
    fake.setSettlementTerms({ feeBps: 300 });
    try {
      const { m, txId } = await livePaid(10_000);
      const result = await readTossSettlements({ merchantId: m.merchant_id });
      expect(result.recorded).toBe(1);
      const [row] = await rowsOf(m);
      expect(row).toMatchObject({ status: "CONFIRMED", fee_total: 300, vat_on_fees: 30 });
      const findings = await check(m);
      expect(findings).toEqual([expect.objectContaining({ kind: "fee_mismatch", tx_id: txId, pg_tx_id: row!.pg_key })]);
    } finally {
      fake.setSettlementTerms({ feeBps: 250 });
    }
  });

  // Three CLI runs (a tsx start-up each): a minute on a shared machine.
  it("admin toss-settlements reads the reports on demand; a bad date is refused", async () => {
    const { m } = await livePaid(7_000);
    // Asynchronously: the fake answering the CLI runs in this process.
    const run = (...args: string[]) =>
      promisify(execFile)(
        process.execPath,
        ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", "toss-settlements", "--merchant", m.merchant_id, ...args],
        { encoding: "utf8", env: process.env },
      );
    expect(JSON.parse((await run("--json")).stdout)).toMatchObject({ recorded: 1, failed: [] });
    expect(await rowsOf(m)).toMatchObject([{ status: "CONFIRMED", gross: 7_000, fee_total: 175, vat_on_fees: 17 }]);
    expect(JSON.parse((await run("--json")).stdout)).toMatchObject({ recorded: 0, failed: [] });
    await expect(run("--from", "2026-13-01")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--from"),
    });
  }, 60_000);

  it("a report read before its payment settled waits for it: once the look-up settles it, reconciliation is clean", async () => {
    const m = await merchantWithLiveToss();
    await upsertChannelTerms({
      channelId: m.live.id,
      merchantId: m.merchant_id,
      storeId: m.store_id,
      terms: CARD_TERMS,
      updatedBy: null,
    });
    const id = newPaymentId();
    // Toss approves, but its answer comes after our call gave up: PENDING here, DONE at Toss.
    process.env.PROVIDER_TIMEOUT_MS = "200";
    try {
      const res = await m.api.post(
        `/v2/payments/${id}/instant/pay`,
        cardPayBody(m, "4242424242424242", {
          channel_key: m.live.key,
          total_amount: 9_000,
          order_name: "slow [toss:timeout]",
        }),
      );
      expect(res.status).toBe(500);
    } finally {
      delete process.env.PROVIDER_TIMEOUT_MS;
    }
    const tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx.status).toBe("PENDING");

    expect(await readTossSettlements({ merchantId: m.merchant_id })).toMatchObject({ recorded: 1, failed: [] });
    expect(await rowsOf(m)).toMatchObject([{ status: "CONFIRMED", transaction_id: null, pg_order_id: tx.id }]);
    // Waiting, not yet a finding: the look-up may still settle it.
    expect(await check(m)).toEqual([]);

    await new Promise((r) => setTimeout(r, SLOW_MS + 200));
    await lookUpNow("transactions", tx.id);
    expect((await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].status).toBe("PAID");
    await deriveExpectedSettlements({ storeId: m.store_id });
    // Past the grace for rows without a record, and past the payout date: nothing is left to report.
    expect(await check(m, RECORD_GRACE_MS + 3 * DAY)).toEqual([]);
    expect(await rowsOf(m)).toMatchObject([
      { status: "CONFIRMED", source_key: `tx:${tx.id}`, transaction_id: tx.id, gross: 9_000, fee_total: 225 },
    ]);
    // A re-read records nothing new.
    expect(await readTossSettlements({ merchantId: m.merchant_id })).toMatchObject({ recorded: 0 });

    // The same for a refund whose answer came late: read while REQUESTED here, matched once SUCCEEDED.
    process.env.PROVIDER_TIMEOUT_MS = "200";
    try {
      await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 2_000, reason: "slow [toss:timeout]" });
    } finally {
      delete process.env.PROVIDER_TIMEOUT_MS;
    }
    const cancellation = await getDb()
      .selectFrom("cancellations")
      .select(["id", "status"])
      .where("payment_id", "=", id)
      .where("store_id", "=", m.store_id)
      .executeTakeFirstOrThrow();
    expect(cancellation.status).toBe("REQUESTED");
    expect(await readTossSettlements({ merchantId: m.merchant_id })).toMatchObject({ recorded: 1 });
    await new Promise((r) => setTimeout(r, SLOW_MS + 200));
    await lookUpNow("cancellations", cancellation.id);
    // Matched by the reconciliation pass itself (no derivation run in between).
    expect(await check(m, RECORD_GRACE_MS + 3 * DAY)).toEqual([]);
    expect((await rowsOf(m)).find((r) => r.kind === "REFUND")).toMatchObject({
      status: "CONFIRMED",
      source_key: `cx:${cancellation.id}`,
      gross: -2_000,
    });
  });

  it("the daily read is one job per channel and day, reads the 14 days ending yesterday, and runs once", async () => {
    const { m } = await livePaid(6_000);
    const { txId: yesterdays } = await livePaidOn(m, 4_000);
    // Toss sold this one yesterday (its report day is over); today's is not read until tomorrow.
    const atToss = fake.ledger.transactions.get(m.live.secretKey)!.find((t) => t.orderId === yesterdays)!;
    const yesterday = addDays(koreaDate(Date.now()), -1);
    atToss.transactionAt = `${yesterday}${atToss.transactionAt.slice(10)}`;
    await deriveExpectedSettlements({ storeId: m.store_id });

    // Two workers book the day's read: one job.
    await bookDailyReads();
    await bookDailyReads();
    const jobs = () =>
      getDb()
        .selectFrom("jobs")
        .select(["payload"])
        .where("dedupe_key", "=", `${DAILY_READ_QUEUE}:${m.live.id}:${koreaDate(Date.now())}`)
        .execute();
    const booked = await jobs();
    expect(booked).toHaveLength(1);
    const before = fake.hits.get("GET /v1/settlements") ?? 0;
    await runDailyRead(JSON.parse(booked[0]!.payload));
    expect(fake.hits.get("GET /v1/settlements")).toBe(before + 2);
    const rows = await rowsOf(m);
    expect(rows.find((r) => r.transaction_id === yesterdays)).toMatchObject({
      status: "CONFIRMED",
      sold_on: yesterday,
    });
    expect(rows.filter((r) => r.status === "EXPECTED")).toHaveLength(1);

    // Read today already: running the job again, or booking again, asks Toss nothing.
    await runDailyRead(JSON.parse(booked[0]!.payload));
    await getDb()
      .deleteFrom("jobs")
      .where("dedupe_key", "=", `${DAILY_READ_QUEUE}:${m.live.id}:${koreaDate(Date.now())}`)
      .execute();
    await bookDailyReads();
    expect(await jobs()).toHaveLength(0);
    expect(fake.hits.get("GET /v1/settlements")).toBe(before + 2);
  });

  it("the fake pages its settlement listing and refuses query members Toss does not list", async () => {
    const { m } = await livePaid(5_000);
    const key = m.live.secretKey;
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    const whole = await settlementsGet(key, `startDate=${today}&endDate=${today}`);
    expect(whole).toMatchObject({ status: 200, body: [expect.objectContaining({ amount: 5_000 })] });
    const one = await settlementsGet(key, `startDate=${today}&endDate=${today}&page=2&size=1`);
    expect(one).toMatchObject({ status: 200, body: [] });
    for (const [query, member] of [
      [`startDate=${today}&endDate=${today}&limit=10`, "limit"],
      [`endDate=${today}`, "startDate"],
      [`startDate=${today}&endDate=${today}&dateType=approvedAt`, "dateType"],
      [`startDate=2026-13-01&endDate=${today}`, "startDate"],
    ]) {
      const res = await settlementsGet(key, query!);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe("INVALID_REQUEST");
      expect(res.body.message).toContain(member);
    }
  });
});
