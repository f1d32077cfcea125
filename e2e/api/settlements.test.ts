import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { deriveExpectedSettlements } from "@/lib/settlements/derive-expected";
import { recordConfirmedSettlements } from "@/lib/settlements/record-confirmed";
import { listPayoutsResponse, listSettlementsResponse } from "@/lib/settlements/query-schema";
import { apiAs } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { paidPayment } from "@/lib/testing/payments";
import { backdatePayment, backdateRefunds, setTossTerms } from "@/lib/testing/settlements";
import { addStoreWithLimitedKey } from "@/lib/testing/tenants";
import type { Json } from "@/lib/testing/json";

function expectError(res: { status: number; body: Json }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ code, params: expect.any(Object) });
}

/** A merchant with a card sale of 11,000 on Thursday 2026-11-26 and a 3,000 refund the same day. */
async function merchantWithSales() {
  const m = await newMerchant();
  const channelKey = await setTossTerms(m);
  const id = await paidPayment(m, "4242424242424242", { total_amount: 11_000 });
  expect((await m.api.post(`/v2/payments/${id}/cancel`, { reason: "one item", cancel_amount: 3_000 })).status).toBe(
    200,
  );
  await backdatePayment(id, m.store_id, "2026-11-26");
  await backdateRefunds(id, m.store_id, "2026-11-26");
  const other = await paidPayment(m, "4242424242424242", { total_amount: 20_000 });
  await backdatePayment(other, m.store_id, "2026-11-27");
  await deriveExpectedSettlements({ storeId: m.store_id });
  return { m, id, other, channelKey };
}

describe("GET /v2/settlements", () => {
  it("lists each payment and refund with sold and payout dates, fees, VAT on fees and net", async () => {
    const { m, id, channelKey } = await merchantWithSales();
    const res = await m.api.get(`/v2/settlements?payment_id=${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = listSettlementsResponse.parse(res.body);
    expect(body).toMatchObject({ current_page: 0, total_page: 1, total_count: 2 });
    expect(body.settlements).toEqual([
      expect.objectContaining({
        store_id: m.store_id,
        channel_key: channelKey,
        type: "PAYMENT",
        status: "EXPECTED",
        payment_id: id,
        method: "CARD",
        currency: "KRW",
        sold_on: "2026-11-26",
        payout_on: "2026-11-27",
        gross: 11_000,
        fees: [{ type: "RATE", amount: 275 }],
        fee_total: 275,
        vat_on_fees: 27,
        net: 10_698,
      }),
      expect.objectContaining({
        type: "REFUND",
        payout_on: "2026-11-27",
        gross: -3_000,
        fee_total: -75,
        vat_on_fees: -7,
        net: -2_918,
      }),
    ]);
  });

  it("filters by payout date, status and type, and pages with current_page, total_page, total_count", async () => {
    const { m } = await merchantWithSales();
    const day = await m.api.get("/v2/settlements?payout_on=2026-11-27&type=REFUND&status=EXPECTED");
    expect(day.body).toMatchObject({ total_count: 1, settlements: [expect.objectContaining({ type: "REFUND" })] });
    const paged = await m.api.get("/v2/settlements?payout_from=2026-11-01&payout_to=2026-12-31&page=1&limit=2");
    expect(paged.body).toMatchObject({ current_page: 1, total_page: 2, total_count: 3 });
    expect((paged.body.settlements as Json[]).length).toBe(1);
  });

  it("answers 400 INVALID_REQUEST naming the field for bad dates, ranges, enums and pages", async () => {
    const m = await newMerchant();
    for (const query of [
      "payout_on=2026-02-30",
      "payout_from=20261101",
      "sold_from=2026-12-01&sold_to=2026-11-01",
      "payout_from=2026-12-01&payout_to=2026-11-01",
      "status=SETTLED",
      "type=CHARGE",
      "page=-1",
      "limit=0",
      "limit=1001",
      "page=1000&limit=1000",
    ]) {
      const res = await m.api.get(`/v2/settlements?${query}`);
      expectError(res, 400, "INVALID_REQUEST");
      expect(JSON.stringify(res.body.params), query).toMatch(/payout|sold|status|type|page|limit/);
    }
  });

  it("scopes to the caller: another merchant's store is 404, a store-limited key naming another store 403", async () => {
    const { m, id } = await merchantWithSales();
    const stranger = await newMerchant();
    expectError(await stranger.api.get(`/v2/settlements?store_id=${m.store_id}`), 404, "STORE_NOT_FOUND");
    expect((await stranger.api.get(`/v2/settlements?payment_id=${id}`)).body).toMatchObject({
      total_count: 0,
      settlements: [],
    });
    const limited = await addStoreWithLimitedKey(m.merchant_id);
    expectError(await limited.api.get(`/v2/settlements?store_id=${m.store_id}`), 403, "PERMISSION_DENIED");
    expect((await limited.api.get("/v2/settlements")).body).toMatchObject({ total_count: 0 });
  });

  it("answers 401 UNAUTHORIZED without a valid token and 405 to other methods", async () => {
    expectError(await apiAs("not-a-token").get("/v2/settlements"), 401, "UNAUTHORIZED");
    const m = await newMerchant();
    const res = await m.api.post("/v2/settlements", {});
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
  });
});

describe("GET /v2/settlements/payouts", () => {
  it("sums each payout with the refunds of its day netted in", async () => {
    const { m, channelKey } = await merchantWithSales();
    const res = await m.api.get("/v2/settlements/payouts?payout_from=2026-11-27&payout_to=2026-11-30");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = listPayoutsResponse.parse(res.body);
    expect(body).toMatchObject({ current_page: 0, total_page: 1, total_count: 2 });
    expect(body.payouts).toEqual([
      {
        payout_on: "2026-11-27",
        store_id: m.store_id,
        channel_key: channelKey,
        pg_provider: "TOSSPAYMENTS",
        currency: "KRW",
        status: "EXPECTED",
        payment_count: 1,
        refund_count: 1,
        gross: 8_000,
        fee_total: 200,
        vat_on_fees: 20,
        net: 7_780,
      },
      // Friday's sale pays on Monday.
      expect.objectContaining({
        payout_on: "2026-11-30",
        payment_count: 1,
        refund_count: 0,
        gross: 20_000,
        net: 19_450,
      }),
    ]);
  });

  it("follows a PG's confirmation: the row moves to the PG's payout date with its amounts, counted once", async () => {
    const { m, other } = await merchantWithSales();
    const channel = await getDb()
      .selectFrom("channels")
      .select(["id", "merchant_id", "store_id", "pg_provider"])
      .where("store_id", "=", m.store_id)
      .where("pg_provider", "=", "TOSSPAYMENTS")
      .where("type", "=", "TEST")
      .executeTakeFirstOrThrow();
    const tx = await getDb()
      .selectFrom("transactions")
      .select("id")
      .where("store_id", "=", m.store_id)
      .where("payment_id", "=", other)
      .executeTakeFirstOrThrow();
    const confirmed = {
      pg_key: "tk_confirmed",
      kind: "PAYMENT" as const,
      order_id: tx.id,
      method: "CARD",
      currency: "KRW",
      amount: 20_000,
      fees: [{ type: "BASE", amount: 500 }],
      vat_on_fees: 50,
      sold_on: "2026-11-27",
      payout_on: "2026-12-01",
    };
    await recordConfirmedSettlements(channel, [confirmed]);
    await recordConfirmedSettlements(channel, [confirmed]);
    const res = await m.api.get("/v2/settlements/payouts?payout_from=2026-11-27&payout_to=2026-12-31");
    expect((res.body.payouts as Json[]).map((p) => [p.payout_on, p.status, p.payment_count, p.net])).toEqual([
      ["2026-11-27", "EXPECTED", 1, 7_780],
      ["2026-12-01", "CONFIRMED", 1, 19_450],
    ]);
    const list = await m.api.get(`/v2/settlements?payment_id=${other}`);
    expect(list.body).toMatchObject({
      total_count: 1,
      settlements: [expect.objectContaining({ status: "CONFIRMED", pg_key: "tk_confirmed" })],
    });
  });

  it("filters by channel key (an unknown one matches nothing) and answers errors in the payment envelope", async () => {
    const { m } = await merchantWithSales();
    expect((await m.api.get("/v2/settlements/payouts?channel_key=nope")).body).toMatchObject({
      total_count: 0,
      payouts: [],
    });
    expectError(await m.api.get("/v2/settlements/payouts?payout_to=2026-13-01"), 400, "INVALID_REQUEST");
    const stranger = await newMerchant();
    expectError(await stranger.api.get(`/v2/settlements/payouts?store_id=${m.store_id}`), 404, "STORE_NOT_FOUND");
    expect((await stranger.api.get("/v2/settlements/payouts")).body).toMatchObject({ total_count: 0 });
  });
});
