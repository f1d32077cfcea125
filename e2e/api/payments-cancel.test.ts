import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { TEST_WEBHOOK_URL, webhookStatuses } from "@/lib/testing/webhook-events";
import { expectError } from "@/lib/testing/payment-assertions";
import { cardPayBody, newPaymentId, paidPayment } from "@/lib/testing/payments";

const RFC3339_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("POST /v2/payments/{payment_id}/cancel", () => {
  it("a full cancel: CANCELLED with cancelled_at, the whole amount and its tax-free part, a SUCCEEDED cancellation and the Cancelled webhook", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await paidPayment(m, "4242424242424242", { total_amount: 11000, tax_free_amount: 1000 });
    const res = await m.api.post(`/v2/payments/${id}/cancel`, { reason: "customer asked" });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["cancellation_id", "cancelled_tx_id", "payment"]);
    const tx = res.body.payment.transactions[0];
    expect(res.body.cancelled_tx_id).toBe(tx.id);
    expect(tx.status).toBe("CANCELLED");
    expect(tx.cancelled_at).toMatch(RFC3339_MS);
    expect(tx.amount).toMatchObject({
      total: 11000,
      paid: 11000,
      cancelled: 11000,
      tax_free: 1000,
      cancelled_tax_free: 1000,
    });
    expect(tx.cancellations).toEqual([
      {
        id: res.body.cancellation_id,
        pg_cancellation_id: expect.stringMatching(/.+/),
        cancel_amount: 11000,
        tax_free_amount: 1000,
        reason: "customer asked",
        cancelled_at: expect.stringMatching(RFC3339_MS),
        requested_at: expect.stringMatching(RFC3339_MS),
        status: "SUCCEEDED",
      },
    ]);
    expect((await m.api.get(`/v2/payments/${id}`)).body.payment).toEqual(res.body.payment);
    expect(await webhookStatuses(id)).toEqual(["Cancelled", "Paid"]);
  });

  it("partial cancels: PARTIAL_CANCELLED, taxable unless tax_free_amount is given, then the remainder with its tax-free part", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await paidPayment(m, "4242424242424242", { total_amount: 11000, tax_free_amount: 1000 });
    const first = await m.api.post(`/v2/payments/${id}/cancel`, { reason: "one item", cancel_amount: 3000 });
    expect(first.status).toBe(200);
    let tx = first.body.payment.transactions[0];
    expect(tx.status).toBe("PARTIAL_CANCELLED");
    expect(tx.cancelled_at).toMatch(RFC3339_MS);
    expect(tx.amount).toMatchObject({ paid: 11000, cancelled: 3000, cancelled_tax_free: 0 });

    const second = await m.api.post(`/v2/payments/${id}/cancel`, {
      reason: "tax-free item",
      cancel_amount: 1500,
      tax_free_amount: 400,
      check_refundable_amount: 8000,
    });
    expect(second.status).toBe(200);
    tx = second.body.payment.transactions[0];
    expect(tx.amount).toMatchObject({ cancelled: 4500, cancelled_tax_free: 400 });

    const rest = await m.api.post(`/v2/payments/${id}/cancel`, { reason: "the rest", check_refundable_amount: 6500 });
    expect(rest.status).toBe(200);
    tx = rest.body.payment.transactions[0];
    expect(tx.status).toBe("CANCELLED");
    expect(tx.amount).toMatchObject({ cancelled: 11000, cancelled_tax_free: 1000 });
    expect(
      tx.cancellations.map((c: { cancel_amount: number; tax_free_amount: number }) => [
        c.cancel_amount,
        c.tax_free_amount,
      ]),
    ).toEqual([
      [3000, 0],
      [1500, 400],
      [6500, 600],
    ]);
    expect(await webhookStatuses(id)).toEqual(["Cancelled", "Paid", "PartialCancelled", "PartialCancelled"]);
  });

  it("takes store_id from the query or the body", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await paidPayment(m);
    expect((await m.api.post(`/v2/payments/${id}/cancel?store_id=${m.store_id}`, { cancel_amount: 100 })).status).toBe(
      200,
    );
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { store_id: m.store_id, cancel_amount: 100 })).status).toBe(
      200,
    );
  });

  it("a provider refusal (card 4000000000000259): a FAILED cancellation, the payment unchanged, 500 PG_PROVIDER_ERROR; the amount is released", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await paidPayment(m, "4000000000000259");
    for (let i = 0; i < 2; i++) {
      const res = await m.api.post(`/v2/payments/${id}/cancel`, { reason: "try", cancel_amount: 11000 });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        code: "PG_PROVIDER_ERROR",
        params: { pg_code: "CANCEL_REFUSED", pg_message: expect.any(String) },
      });
    }
    const tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx.status).toBe("PAID");
    expect(tx.cancelled_at).toBeUndefined();
    expect(tx.amount).toMatchObject({ paid: 11000, cancelled: 0, cancelled_tax_free: 0 });
    expect(tx.cancellations.map((c: { status: string }) => c.status)).toEqual(["FAILED", "FAILED"]);
    const row = await getDb()
      .selectFrom("transactions")
      .select(["cancelled_amount", "status"])
      .where("id", "=", tx.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ cancelled_amount: 0, status: "PAID" });
    expect(await webhookStatuses(id)).toEqual(["Paid"]);
  });
});

describe("cancel — the eight 400 codes, in CONTRACT §5's order", () => {
  it("INVALID_REQUEST for bad amounts, a refund account on a card payment, or VAT beyond the taxable part", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await paidPayment(m);
    for (const body of [
      { cancel_amount: 0 },
      { cancel_amount: -5 },
      { cancel_amount: 10.5 },
      { cancel_amount: 1e15 + 1 },
      { tax_free_amount: 0.5 },
      { check_refundable_amount: "all" },
      { refund: { bank: "KB", account_holder: "Kim", account_number: "1234567890" } },
      { cancel_amount: 1000, vat_amount: 1001 },
    ]) {
      expectError(await m.api.post(`/v2/payments/${id}/cancel`, body), 400, "INVALID_REQUEST");
    }
    expect((await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].amount.cancelled).toBe(0);
  });

  it("NOT_PAID on a failed payment and on an issued (undeposited) virtual account", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const failed = newPaymentId();
    expect((await m.api.post(`/v2/payments/${failed}/instant/pay`, cardPayBody(m, "4000000000000002"))).status).toBe(
      500,
    );
    expectError(await m.api.post(`/v2/payments/${failed}/cancel`, {}), 400, "NOT_PAID");
    const va = newPaymentId();
    const issue = await m.api.post(`/v2/payments/${va}/instant/pay`, {
      ...cardPayBody(m),
      payment_method_option: {
        virtual_account: { bank: "KOOKMIN_BANK", account_expiry: { valid_hours: 1 }, account_type: "NORMAL" },
      },
    });
    expect(issue.status).toBe(200);
    expectError(
      await m.api.post(`/v2/payments/${va}/cancel`, {
        refund: { bank: "KB", account_holder: "Kim", account_number: "1234567890" },
      }),
      400,
      "NOT_PAID",
    );
    expectError(await m.api.post(`/v2/payments/${va}/cancel`, {}), 400, "NOT_PAID");
  });

  it("PAYMENT_ALREADY_CANCELLED, checked before check_refundable_amount", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await paidPayment(m);
    expect((await m.api.post(`/v2/payments/${id}/cancel`, {})).status).toBe(200);
    expectError(await m.api.post(`/v2/payments/${id}/cancel`, {}), 400, "PAYMENT_ALREADY_CANCELLED");
    expectError(
      await m.api.post(`/v2/payments/${id}/cancel`, { check_refundable_amount: 5, cancel_amount: 100 }),
      400,
      "PAYMENT_ALREADY_CANCELLED",
    );
  });

  it("REFUNDABLE_AMOUNT_CONSISTENCY_BROKEN, checked before the amount", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await paidPayment(m);
    expectError(
      await m.api.post(`/v2/payments/${id}/cancel`, { check_refundable_amount: 10999 }),
      400,
      "REFUNDABLE_AMOUNT_CONSISTENCY_BROKEN",
    );
    expectError(
      await m.api.post(`/v2/payments/${id}/cancel`, { check_refundable_amount: 1, cancel_amount: 999_999 }),
      400,
      "REFUNDABLE_AMOUNT_CONSISTENCY_BROKEN",
    );
  });

  it("CANCEL_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_AMOUNT, checked before the tax-free rules", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await paidPayment(m);
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 10000 })).status).toBe(200);
    expectError(
      await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 1001 }),
      400,
      "CANCEL_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_AMOUNT",
    );
    expectError(
      await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 5000, tax_free_amount: 6000 }),
      400,
      "CANCEL_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_AMOUNT",
    );
  });

  it("CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCEL_AMOUNT, checked before the tax-free balance", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await paidPayment(m, "4242424242424242", { tax_free_amount: 1000 });
    expectError(
      await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 100, tax_free_amount: 200 }),
      400,
      "CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCEL_AMOUNT",
    );
    expectError(
      await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 1500, tax_free_amount: 2000 }),
      400,
      "CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCEL_AMOUNT",
    );
  });

  it("CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_FREE_AMOUNT", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await paidPayment(m, "4242424242424242", { tax_free_amount: 1000 });
    expectError(
      await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 3000, tax_free_amount: 1500 }),
      400,
      "CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_FREE_AMOUNT",
    );
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 800, tax_free_amount: 800 })).status).toBe(
      200,
    );
    expectError(
      await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 300, tax_free_amount: 201 }),
      400,
      "CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_FREE_AMOUNT",
    );
  });

  it("CANCEL_TAX_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_AMOUNT", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    // 11,000 with 1,000 tax-free: 10,000 taxable.
    const id = await paidPayment(m, "4242424242424242", { tax_free_amount: 1000 });
    expectError(
      await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 10500 }),
      400,
      "CANCEL_TAX_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_AMOUNT",
    );
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 10500, tax_free_amount: 500 })).status).toBe(
      200,
    );
  });
});

describe("cancel — not found", () => {
  it("404 PAYMENT_NOT_FOUND for an unknown id, another merchant's payment or another merchant's store", async () => {
    const a = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const b = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await paidPayment(a);
    expectError(await a.api.post(`/v2/payments/${newPaymentId()}/cancel`, {}), 404, "PAYMENT_NOT_FOUND");
    expectError(await b.api.post(`/v2/payments/${id}/cancel`, {}), 404, "PAYMENT_NOT_FOUND");
    expectError(await b.api.post(`/v2/payments/${id}/cancel?store_id=${a.store_id}`, {}), 404, "PAYMENT_NOT_FOUND");
    expect((await a.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].status).toBe("PAID");
  });
});

describe("cancel — concurrency", () => {
  it("50 concurrent partial cancels never cancel more than was paid", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await paidPayment(m, "4242424242424242", { total_amount: 1000 });
    process.env.SANDBOX_LATENCY_MS = "5";
    let results: { status: number; body: { code?: string } }[];
    try {
      results = await Promise.all(
        Array.from({ length: 50 }, () =>
          m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 30, reason: "race" }),
        ),
      );
    } finally {
      delete process.env.SANDBOX_LATENCY_MS;
    }
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(33);
    for (const r of refused) expectError(r, 400, "CANCEL_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_AMOUNT");
    const tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx.amount.cancelled).toBe(990);
    expect(tx.amount.cancelled).toBeLessThanOrEqual(tx.amount.paid);
    expect(tx.status).toBe("PARTIAL_CANCELLED");
    const succeeded = tx.cancellations.filter((c: { status: string }) => c.status === "SUCCEEDED");
    expect(succeeded.reduce((s: number, c: { cancel_amount: number }) => s + c.cancel_amount, 0)).toBe(990);
    const row = await getDb()
      .selectFrom("transactions")
      .select("cancelled_amount")
      .where("id", "=", tx.id)
      .executeTakeFirstOrThrow();
    expect(row.cancelled_amount).toBe(990);
  });

  it("concurrent full cancels: exactly one succeeds", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await paidPayment(m);
    const results = await Promise.all(Array.from({ length: 10 }, () => m.api.post(`/v2/payments/${id}/cancel`, {})));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 400, "PAYMENT_ALREADY_CANCELLED");
    const tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx).toMatchObject({ status: "CANCELLED", amount: { cancelled: 11000 } });
    expect(await webhookStatuses(id)).toEqual(["Cancelled", "Paid"]);
  });
});
