import { describe, expect, it } from "vitest";
import { AUTO_ISSUE_QUEUE } from "@/lib/cash-receipts/auto-issue";
import { getDb } from "@/lib/db/client";
import { drainOnce } from "@/lib/jobs/worker";
import { callApi } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { expectError } from "@/lib/testing/payment-assertions";
import { newPaymentId, paidPayment, paymentChannelKey } from "@/lib/testing/payments";
import { addLiveChannel, addStoreWithLimitedKey } from "@/lib/testing/tenants";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;
const RFC3339_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function receiptBody(m: Merchant, overrides: Record<string, unknown> = {}) {
  return {
    channel_key: paymentChannelKey(m),
    customer_identifier: "010-1234-5678",
    type: "PERSONAL",
    order_name: "Offline sale",
    currency: "KRW",
    amount: 11000,
    tax_free_amount: 1000,
    product_type: "REAL",
    customer_name: "Kim Minji",
    customer_email: "minji@example.com",
    ...overrides,
  };
}

const url = (id: string, query = "") => `/v2/payments/${encodeURIComponent(id)}/cash-receipt${query}`;

describe("manual issuance for a sale made elsewhere", () => {
  it("issues, reads (is_manual, channel, currency) and serves a receipt page url", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const issued = await m.api.post(url(id), receiptBody(m));
    expect(issued.status).toBe(200);
    expect(Object.keys(issued.body).sort()).toEqual(["issue_number", "pg_tx_id", "receipt_id", "receipt_url"]);
    expect(issued.body.receipt_url).toMatch(/\/receipts\/[A-Za-z0-9_-]{32}$/);

    const read = await m.api.get(url(id));
    expect(read.status).toBe(200);
    expect(read.body.receipt).toEqual({
      pg_receipt_id: expect.any(String),
      issue_number: issued.body.issue_number,
      type: "PERSONAL",
      amount: 11000,
      tax_free_amount: 1000,
      status: "ISSUED",
      issued_at: expect.stringMatching(RFC3339_MS),
      receipt_url: issued.body.receipt_url,
      merchant_id: m.merchant_id,
      store_id: m.store_id,
      payment_id: id,
      order_name: "Offline sale",
      is_manual: true,
      currency: "KRW",
      channel: {
        id: expect.any(String),
        name: expect.any(String),
        key: paymentChannelKey(m),
        type: "TEST",
        pg_provider: "TOSSPAYMENTS",
        pg_merchant_id: expect.any(String),
      },
    });
  });

  it("accepts channel_name for channel_key and store_id naming the default store", async () => {
    const m = await newMerchant();
    const { channel_key, ...rest } = receiptBody(m);
    const res = await m.api.post(url(newPaymentId()), { ...rest, channel_name: channel_key, store_id: m.store_id });
    expect(res.status).toBe(200);
  });

  it("keeps only the last 4 digits of the customer identifier", async () => {
    const m = await newMerchant();
    const res = await m.api.post(url(newPaymentId()), receiptBody(m, { customer_identifier: "01087654321" }));
    const row = await getDb()
      .selectFrom("cash_receipts")
      .selectAll()
      .where("id", "=", res.body.receipt_id)
      .executeTakeFirstOrThrow();
    expect(row.customer_identifier).toBe("*******4321");
    expect(JSON.stringify(row)).not.toContain("0108765");
  });
});

describe("state rules", () => {
  it("a second issuance → 400 CASH_RECEIPT_ALREADY_ISSUED; cancel → CANCELLED; cancel again → 400 CASH_RECEIPT_NOT_ISSUED; issue again works", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const first = await m.api.post(url(id), receiptBody(m));
    expect(first.status).toBe(200);
    expectError(await m.api.post(url(id), receiptBody(m)), 400, "CASH_RECEIPT_ALREADY_ISSUED");

    const cancelled = await m.api.delete(url(id));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ cancelled_amount: 11000, cancelled_at: expect.stringMatching(RFC3339_MS) });
    const read = await m.api.get(url(id));
    expect(read.body.receipt).toMatchObject({
      status: "CANCELLED",
      cancelled_at: cancelled.body.cancelled_at,
      issue_number: first.body.issue_number,
    });
    expectError(await m.api.delete(url(id)), 400, "CASH_RECEIPT_NOT_ISSUED");

    const again = await m.api.post(url(id), receiptBody(m, { amount: 5000, tax_free_amount: 0 }));
    expect(again.status).toBe(200);
    expect(again.body.receipt_id).not.toBe(first.body.receipt_id);
    expect((await m.api.get(url(id))).body.receipt).toMatchObject({
      status: "ISSUED",
      amount: 5000,
      issue_number: again.body.issue_number,
    });
    expect((await m.api.get(url(id))).body.receipt).not.toHaveProperty("cancelled_at");
  });

  it("two concurrent issuances: exactly one wins", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const results = await Promise.all([1, 2, 3].map(() => m.api.post(url(id), receiptBody(m))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expectError(r, 400, "CASH_RECEIPT_ALREADY_ISSUED");
    const rows = await getDb().selectFrom("cash_receipts").select("status").where("payment_id", "=", id).execute();
    expect(rows).toEqual([{ status: "ISSUED" }]);
  });
});

describe("receipts for our own payments", () => {
  it("limits the amount to paid minus cancelled, and shows the receipt on the transaction", async () => {
    const m = await newMerchant();
    const id = await paidPayment(m); // 11,000 KRW
    expectError(await m.api.post(url(id), receiptBody(m, { amount: 11001 })), 400, "INVALID_REQUEST");
    expectError(await m.api.post(url(id), receiptBody(m, { currency: "USD" })), 400, "INVALID_REQUEST");
    expectError(await m.api.get(url(id)), 404, "CASH_RECEIPT_NOT_FOUND");
    // State rule 4: cancelling when none is issued (CONTRACT §6).
    const never = await m.api.delete(url(id));
    expectError(never, 400, "CASH_RECEIPT_NOT_ISSUED");

    const issued = await m.api.post(url(id), receiptBody(m, { amount: 11000 }));
    expect(issued.status).toBe(200);
    const payment = (await m.api.get(`/v2/payments/${id}`)).body.payment;
    expect(payment.transactions[0].cash_receipt).toEqual({
      pg_receipt_id: expect.any(String),
      issue_number: issued.body.issue_number,
      type: "PERSONAL",
      amount: 11000,
      tax_free_amount: 1000,
      status: "ISSUED",
      issued_at: expect.stringMatching(RFC3339_MS),
      receipt_url: issued.body.receipt_url,
    });
    expect((await m.api.get(url(id))).body.receipt.is_manual).toBe(true);

    // After a partial refund of 5,000 only 6,000 may be receipted.
    expect((await m.api.delete(url(id))).status).toBe(200);
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 5000, reason: "partial" })).status).toBe(
      200,
    );
    expectError(
      await m.api.post(url(id), receiptBody(m, { amount: 6001, tax_free_amount: 0 })),
      400,
      "INVALID_REQUEST",
    );
    expect((await m.api.post(url(id), receiptBody(m, { amount: 6000, tax_free_amount: 0 }))).status).toBe(200);
    const tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx.cash_receipt).toMatchObject({ status: "ISSUED", amount: 6000 });
  });
});

describe("errors", () => {
  it("unknown payment id → 404 PAYMENT_NOT_FOUND on GET, 404 CASH_RECEIPT_NOT_FOUND on DELETE (CONTRACT §6)", async () => {
    const m = await newMerchant();
    expectError(await m.api.get(url("nope")), 404, "PAYMENT_NOT_FOUND");
    expectError(await m.api.delete(url("nope")), 404, "CASH_RECEIPT_NOT_FOUND");
  });

  it("DELETE on a cancelled receipt (manual, no payment of ours) → 400 CASH_RECEIPT_NOT_ISSUED", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    expect((await m.api.post(url(id), receiptBody(m))).status).toBe(200);
    expect((await m.api.delete(url(id))).status).toBe(200);
    expectError(await m.api.delete(url(id)), 400, "CASH_RECEIPT_NOT_ISSUED");
  });

  it("a store of another merchant → 404 STORE_NOT_FOUND on POST", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    expectError(
      await b.api.post(url(newPaymentId()), receiptBody(b, { store_id: a.store_id })),
      404,
      "STORE_NOT_FOUND",
    );
  });

  it("an unknown channel, another merchant's channel or an identity channel → 404 CHANNEL_NOT_FOUND", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    expectError(
      await b.api.post(url(newPaymentId()), receiptBody(b, { channel_key: "channel-key-nope" })),
      404,
      "CHANNEL_NOT_FOUND",
    );
    expectError(
      await b.api.post(url(newPaymentId()), receiptBody(b, { channel_key: paymentChannelKey(a) })),
      404,
      "CHANNEL_NOT_FOUND",
    );
    expectError(
      await b.api.post(url(newPaymentId()), receiptBody(b, { channel_key: paymentChannelKey(b, "DANAL") })),
      404,
      "CHANNEL_NOT_FOUND",
    );
  });

  it("a store-limited key naming another store → 403 PERMISSION_DENIED on POST, not found on GET/DELETE", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    expect((await m.api.post(url(id), receiptBody(m))).status).toBe(200);
    const limited = await addStoreWithLimitedKey(m.merchant_id);
    expectError(
      await limited.api.post(url(newPaymentId()), receiptBody(m, { store_id: m.store_id })),
      403,
      "PERMISSION_DENIED",
    );
    expectError(await limited.api.get(url(id, `?store_id=${m.store_id}`)), 404, "PAYMENT_NOT_FOUND");
    expectError(await limited.api.delete(url(id, `?store_id=${m.store_id}`)), 404, "CASH_RECEIPT_NOT_FOUND");
    expectError(await limited.api.get(url(id)), 404, "PAYMENT_NOT_FOUND");
  });

  it("the provider refuses issuance → 500 PG_PROVIDER_ERROR {pg_code, pg_message}, nothing recorded", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const res = await m.api.post(url(id), receiptBody(m, { customer_identifier: "01099990000" }));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "RECEIPT_REFUSED", pg_message: expect.any(String) },
    });
    expectError(await m.api.get(url(id)), 404, "PAYMENT_NOT_FOUND");
  });

  it("the provider refuses cancellation → 500 PG_PROVIDER_ERROR, the receipt stays ISSUED", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    expect((await m.api.post(url(id), receiptBody(m, { customer_identifier: "01088880000" }))).status).toBe(200);
    const res = await m.api.delete(url(id));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "CANCEL_REFUSED", pg_message: expect.any(String) },
    });
    expect((await m.api.get(url(id))).body.receipt.status).toBe("ISSUED");
  });

  it("a LIVE channel → 500 PG_PROVIDER_ERROR (no live provider configured)", async () => {
    const m = await newMerchant();
    const live = await addLiveChannel(m.merchant_id, m.store_id, "payment");
    const res = await m.api.post(url(newPaymentId()), receiptBody(m, { channel_key: live }));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "NO_LIVE_PROVIDER", pg_message: "no live provider configured" },
    });
  });

  it.each([
    ["channel_key missing", { channel_key: undefined }, "channel_key"],
    ["unknown type", { type: "GIFT" }, "type"],
    ["fractional amount", { amount: 10.5 }, "amount"],
    ["zero amount", { amount: 0, tax_free_amount: 0 }, "amount"],
    ["tax-free over amount", { amount: 1000, tax_free_amount: 1001 }, "tax_free_amount"],
    ["identifier with letters", { customer_identifier: "abc12345" }, "customer_identifier"],
    ["unknown product type", { product_type: "SERVICE" }, "product_type"],
    ["order_name missing", { order_name: undefined }, "order_name"],
  ])("400 INVALID_REQUEST: %s", async (_name, overrides, field) => {
    const m = await newMerchant();
    const res = await m.api.post(url(newPaymentId()), receiptBody(m, overrides));
    expectError(res, 400, "INVALID_REQUEST");
    expect(res.body.params.message).toContain(field);
  });

  it("no token → 401 {code: UNAUTHORIZED}", async () => {
    const res = await callApi("GET", url("x"));
    expectError(res, 401, "UNAUTHORIZED");
  });
});

describe("tenancy", () => {
  it("another merchant's payment id answers as not found, and issuing it there is a separate manual receipt", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const id = await paidPayment(a);
    expect((await a.api.post(url(id), receiptBody(a))).status).toBe(200);
    expectError(await b.api.get(url(id)), 404, "PAYMENT_NOT_FOUND");
    expectError(await b.api.delete(url(id)), 404, "CASH_RECEIPT_NOT_FOUND");
    expectError(await b.api.get(url(id, `?store_id=${a.store_id}`)), 404, "PAYMENT_NOT_FOUND");
    // In b's store the id is just a sale made elsewhere; a's receipt is untouched.
    expect((await b.api.post(url(id), receiptBody(b, { amount: 99999 }))).status).toBe(200);
    expect((await a.api.get(url(id))).body.receipt).toMatchObject({
      amount: 11000,
      store_id: a.store_id,
      status: "ISSUED",
    });
  });
});

describe("automatic issuance at a virtual-account deposit", () => {
  async function depositedPayment(m: Merchant, form: Record<string, unknown> | undefined) {
    const id = newPaymentId();
    const va = {
      bank: "KOOKMIN_BANK",
      account_expiry: { valid_hours: 24 },
      account_type: "NORMAL",
      ...(form ? { cash_receipt_form: form } : {}),
    };
    const body = {
      channel_key: paymentChannelKey(m),
      order_name: "Bank transfer order",
      total_amount: 50000,
      tax_free_amount: 5000,
      currency: "KRW",
      payment_method_option: { virtual_account: va },
    };
    const issued = await m.api.post(`/v2/payments/${id}/instant/pay`, body);
    expect(issued.status).toBe(200);
    expectError(await m.api.get(url(id)), 404, "CASH_RECEIPT_NOT_FOUND");
    const deposit = await m.api.post(`/v2/test-payments/${id}/notice-virtual-account-deposit`, {});
    expect(deposit.status).toBe(200);
    await drainOnce("cash-receipt-test", [AUTO_ISSUE_QUEUE]);
    return id;
  }

  it("issues the receipt from cash_receipt_form once the deposit arrives (is_manual false)", async () => {
    const m = await newMerchant();
    const id = await depositedPayment(m, { receipt_type: "PERSONAL", registration_number: "010-2222-3333" });
    const read = await m.api.get(url(id));
    expect(read.status).toBe(200);
    expect(read.body.receipt).toMatchObject({
      status: "ISSUED",
      type: "PERSONAL",
      amount: 50000,
      tax_free_amount: 5000,
      is_manual: false,
      order_name: "Bank transfer order",
      currency: "KRW",
    });
    const tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx.status).toBe("PAID");
    expect(tx.cash_receipt).toMatchObject({
      status: "ISSUED",
      amount: 50000,
      receipt_url: read.body.receipt.receipt_url,
    });
  });

  it("does nothing without cash_receipt_form; a provider refusal fails the job with the provider's code", async () => {
    const m = await newMerchant();
    const plain = await depositedPayment(m, undefined);
    expectError(await m.api.get(url(plain)), 404, "CASH_RECEIPT_NOT_FOUND");
    const refused = await depositedPayment(m, { receipt_type: "PERSONAL", registration_number: "01099990000" });
    expectError(await m.api.get(url(refused)), 404, "CASH_RECEIPT_NOT_FOUND");
    const tx = await getDb()
      .selectFrom("transactions")
      .select("id")
      .where("payment_id", "=", refused)
      .executeTakeFirstOrThrow();
    const job = await getDb()
      .selectFrom("jobs")
      .selectAll()
      .where("dedupe_key", "=", `${AUTO_ISSUE_QUEUE}:${tx.id}`)
      .executeTakeFirstOrThrow();
    expect(job.attempts).toBe(1);
    expect(job.last_error).toContain("tax office refused");
  });
});
