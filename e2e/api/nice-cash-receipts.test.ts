import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { merchantWithLiveNice } from "@/lib/testing/nice-live";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";
import { niceFakePerFile } from "../nice-fake/per-file";

/**
 * Our cash-receipt endpoints on a LIVE NICE Payments channel: issued, read and cancelled at NICE
 * (its document's create_cash_receipt, get_cash_receipt_status, cancel_cash_receipt) through the
 * channel's sealed keys, every request and answer judged by NICE's document (checked after each test).
 */
const niceFake = niceFakePerFile();

type Live = Awaited<ReturnType<typeof merchantWithLiveNice>>;
const url = (id: string) => `/v2/payments/${encodeURIComponent(id)}/cash-receipt`;
const receiptsAtNice = (m: Live) => niceFake().ledger.find(m.live.clientKey)?.receipts;

function body(m: Live, overrides: Record<string, unknown> = {}) {
  return {
    channel_key: m.live.key,
    customer_identifier: "010-1234-5678",
    type: "PERSONAL",
    order_name: "Offline sale",
    currency: "KRW",
    amount: 11000,
    tax_free_amount: 1000,
    ...overrides,
  };
}

describe("cash receipts on a LIVE NICE channel", () => {
  it("issues at NICE (our receipt id its orderId, the amount split as the document asks), reads it and cancels it there", async () => {
    const m = await merchantWithLiveNice();
    const id = newPaymentId();
    niceFake().unsigned.splice(0);
    const issued = await m.api.post(url(id), body(m));
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const atNice = receiptsAtNice(m)?.get(issued.body.pg_tx_id);
    expect(atNice).toMatchObject({
      orderId: issued.body.receipt_id,
      amount: 11000,
      supplyAmt: 9091,
      goodsVat: 909,
      taxFreeAmt: 1000,
      receiptType: "individual",
      receiptNo: "01012345678",
      cancelled: false,
    });
    expect(issued.body.issue_number).toBe(atNice?.approveNo);

    const read = await m.api.get(url(id));
    expect(read.status).toBe(200);
    expect(read.body.receipt).toMatchObject({
      pg_receipt_id: issued.body.pg_tx_id,
      issue_number: atNice?.approveNo,
      status: "ISSUED",
      channel: { type: "LIVE", pg_provider: "NICE" },
    });

    const cancelled = await m.api.delete(url(id));
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(atNice?.cancelled).toBe(true);
    expect((await m.api.get(url(id))).body.receipt.status).toBe("CANCELLED");
    expect(niceFake().hits.get("cancel_cash_receipt")).toBeGreaterThan(0);
    expect(niceFake().unsigned.filter((op) => op.includes("receipt"))).toEqual([]);
  });

  it("a receipt for our own NICE payment issues as company for CORPORATE, and again after a cancel", async () => {
    const m = await merchantWithLiveNice();
    const id = newPaymentId();
    const paid = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, "4242424242424242", { channel_key: m.live.key }),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const corporate = body(m, { type: "CORPORATE", customer_identifier: "1234567890", tax_free_amount: 0 });
    const first = await m.api.post(url(id), corporate);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(receiptsAtNice(m)?.get(first.body.pg_tx_id)).toMatchObject({
      receiptType: "company",
      receiptNo: "1234567890",
      supplyAmt: 10000,
      goodsVat: 1000,
    });
    expect((await m.api.delete(url(id))).status).toBe(200);
    const again = await m.api.post(url(id), corporate);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.pg_tx_id).not.toBe(first.body.pg_tx_id);
  });

  it("NICE's refusal is 500 PG_PROVIDER_ERROR with its resultCode, and nothing is recorded", async () => {
    const m = await merchantWithLiveNice();
    const id = newPaymentId();
    const refused = await m.api.post(url(id), body(m, { customer_identifier: "01099990000" }));
    expect(refused.status).toBe(500);
    expect(refused.body).toMatchObject({ code: "PG_PROVIDER_ERROR", params: { pg_code: "7001" } });
    expect((await m.api.get(url(id))).status).toBe(404);
  });

  it("a receipt NICE issued before it had the tax office's number gets it when read, and keeps it", async () => {
    const m = await merchantWithLiveNice();
    const id = newPaymentId();
    niceFake().quirks.receiptNumberPending = true;
    const issued = await m.api.post(url(id), body(m));
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.issue_number).toBe("");
    expect((await m.api.get(url(id))).body.receipt.issue_number).toBe("");
    niceFake().quirks.receiptNumberPending = false;
    const read = await m.api.get(url(id));
    const approveNo = receiptsAtNice(m)?.get(issued.body.pg_tx_id)?.approveNo;
    expect(approveNo).toMatch(/^\d+$/);
    expect(read.body.receipt.issue_number).toBe(approveNo);
    expect(niceFake().hits.get("get_cash_receipt_status")).toBeGreaterThan(0);
    const stored = await getDb()
      .selectFrom("cash_receipts")
      .select("issue_number")
      .where("id", "=", issued.body.receipt_id)
      .executeTakeFirstOrThrow();
    expect(stored.issue_number).toBe(approveNo);
  });

  it("an issuance whose answer was lost is 500 PROVIDER_OUTCOME_UNKNOWN and nothing is recorded", async () => {
    const m = await merchantWithLiveNice();
    const id = newPaymentId();
    const lost = await m.api.post(url(id), body(m, { order_name: "lost [nice:lost]" }));
    expect(lost.status).toBe(500);
    expect(lost.body).toMatchObject({ code: "PG_PROVIDER_ERROR", params: { pg_code: "PROVIDER_OUTCOME_UNKNOWN" } });
    expect((await m.api.get(url(id))).status).toBe(404);
  });

  it("a cancel whose answer was lost leaves the receipt ISSUED; cancelling again succeeds on NICE's 'already cancelled'", async () => {
    const m = await merchantWithLiveNice();
    const id = newPaymentId();
    const issued = await m.api.post(url(id), body(m));
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    niceFake().setRates({ lost: 1 });
    const lost = await m.api.delete(url(id)).finally(() => niceFake().setRates({}));
    expect(lost.status).toBe(500);
    expect(lost.body).toMatchObject({ code: "PG_PROVIDER_ERROR", params: { pg_code: "PROVIDER_OUTCOME_UNKNOWN" } });
    expect((await m.api.get(url(id))).body.receipt.status).toBe("ISSUED");
    expect(receiptsAtNice(m)?.get(issued.body.pg_tx_id)?.cancelled).toBe(true);
    const again = await m.api.delete(url(id));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await m.api.get(url(id))).body.receipt.status).toBe("CANCELLED");
  });
});
