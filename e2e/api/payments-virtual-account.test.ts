import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { openCashReceiptForm } from "@/lib/cash-receipts/sealed-form";
import { getDb } from "@/lib/db/client";
import { depositHooks, type DepositHook } from "@/lib/payments/virtual-account/deposit-hooks";
import { apiAs } from "@/lib/testing/api";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { TEST_WEBHOOK_URL, webhookStatuses } from "@/lib/testing/webhook-events";
import { expectError } from "@/lib/testing/payment-assertions";
import { cardPayBody, newPaymentId, paidPayment, virtualAccountPayBody } from "@/lib/testing/payments";
import { insertStore } from "@/lib/tenancy/insert-store";

const RFC3339_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
type Merchant = Awaited<ReturnType<typeof newMerchant>>;

async function issuedAccount(m: Merchant, overrides: Record<string, unknown> = {}): Promise<string> {
  const id = newPaymentId();
  const res = await m.api.post(
    `/v2/payments/${id}/instant/pay`,
    virtualAccountPayBody(m, { customer: { customer_name: { full_name: "Lee Jiho" } }, ...overrides }),
  );
  expect(res.status).toBe(200);
  return id;
}

const deposit = (m: Merchant, id: string, query = "") =>
  m.api.post(`/v2/test-payments/${id}/notice-virtual-account-deposit${query}`);

async function withDepositHook<T>(hook: DepositHook, run: () => Promise<T>): Promise<T> {
  depositHooks.push(hook);
  try {
    return await run();
  } finally {
    depositHooks.splice(depositHooks.indexOf(hook), 1);
  }
}

describe("POST /v2/test-payments/{payment_id}/notice-virtual-account-deposit", () => {
  it("VIRTUAL_ACCOUNT_ISSUED → PAID with paid_at and the Paid webhook", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await issuedAccount(m);
    const res = await deposit(m, id, `?store_id=${m.store_id}`);
    expect(res.status).toBe(200);
    const tx = res.body.payment.transactions[0];
    expect(res.body.tx_id).toBe(tx.id);
    expect(res.body.webhook_id ?? "").toBe("");
    expect(tx.status).toBe("PAID");
    expect(tx.paid_at).toMatch(RFC3339_MS);
    expect(tx.amount).toMatchObject({ total: 50000, paid: 50000, cancelled: 0 });
    expect(tx.payment_method_detail.virtual_account).toMatchObject({
      bank_code: "KOOKMIN_BANK",
      remitter_name: "Lee Jiho",
    });
    expect(await webhookStatuses(id)).toEqual(["Paid", "VirtualAccountIssued"]);
  });

  it("runs deposit hooks inside the deposit's DB transaction", async () => {
    const m = inProcess(await newMerchant({ webhookUrl: TEST_WEBHOOK_URL })); // the hook is registered in this process
    const cashReceiptForm = { receipt_type: "PERSONAL", registration_number: "01012345678" };
    const id = await issuedAccount(m, {
      payment_method_option: {
        virtual_account: {
          bank: "KOOKMIN_BANK",
          account_expiry: { valid_hours: 24 },
          account_type: "NORMAL",
          cash_receipt_form: cashReceiptForm,
        },
      },
    });
    const seen: { status: string; paidAt: number | null; form: unknown }[] = [];
    const res = await withDepositHook(
      async (tx, row) => {
        const stored = await tx
          .selectFrom("transactions")
          .select("status")
          .where("id", "=", row.id)
          .executeTakeFirstOrThrow();
        seen.push({
          status: stored.status,
          paidAt: row.paid_at,
          form: row.cash_receipt_form ? openCashReceiptForm(row.cash_receipt_form) : null,
        });
      },
      () => deposit(m, id),
    );
    expect(res.status).toBe(200);
    // The hook sees the paid row, with the request's cash_receipt_form (for a receipt at deposit).
    expect(seen).toEqual([{ status: "PAID", paidAt: expect.any(Number), form: cashReceiptForm }]);

    // A failing hook rolls the deposit back.
    const other = await issuedAccount(m);
    const failed = await withDepositHook(
      async () => {
        throw new Error("receipt issuer down");
      },
      () => deposit(m, other),
    );
    expectError(failed, 500, "SERVICE_ERROR");
    expect((await m.api.get(`/v2/payments/${other}`)).body.payment.transactions[0].status).toBe(
      "VIRTUAL_ACCOUNT_ISSUED",
    );
    expect(await webhookStatuses(other)).toEqual(["VirtualAccountIssued"]);
  });

  it("400 INVALID_REQUEST for a second deposit, a card payment, an expired account or a LIVE channel", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await issuedAccount(m);
    expect((await deposit(m, id)).status).toBe(200);
    expectError(await deposit(m, id), 400, "INVALID_REQUEST");
    expectError(await deposit(m, await paidPayment(m)), 400, "INVALID_REQUEST");

    const expired = await issuedAccount(m);
    const row = await getDb()
      .selectFrom("transactions")
      .select(["id", "payment_method_detail"])
      .where("payment_id", "=", expired)
      .executeTakeFirstOrThrow();
    const detail = JSON.parse(row.payment_method_detail!);
    detail.virtual_account.expired_at = new Date(Date.now() - 1000).toISOString();
    await getDb()
      .updateTable("transactions")
      .set({ payment_method_detail: JSON.stringify(detail) })
      .where("id", "=", row.id)
      .execute();
    expectError(await deposit(m, expired), 400, "INVALID_REQUEST");

    const live = await issuedAccount(m);
    await getDb().updateTable("transactions").set({ channel_type: "LIVE" }).where("payment_id", "=", live).execute();
    const res = await deposit(m, live);
    expectError(res, 400, "INVALID_REQUEST");
    expect(res.body.params.message).toContain("TEST");
  });

  it("404 PAYMENT_NOT_FOUND for unknown and foreign payments; STORE_NOT_FOUND / PERMISSION_DENIED for stores", async () => {
    const a = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const b = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await issuedAccount(a);
    expectError(await deposit(a, newPaymentId()), 404, "PAYMENT_NOT_FOUND");
    expectError(await deposit(b, id), 404, "PAYMENT_NOT_FOUND");
    expectError(await deposit(b, id, `?store_id=${a.store_id}`), 404, "STORE_NOT_FOUND");
    const sub = await insertStore(getDb(), { merchantId: a.merchant_id, name: "Sub", isDefault: false });
    const key = await createApiKey({ merchantId: a.merchant_id, storeId: sub.id, name: "sub only" });
    const limited = apiAs((await loginWithApiKey(key.apiKey)).accessToken);
    expectError(
      await limited.post(`/v2/test-payments/${id}/notice-virtual-account-deposit?store_id=${a.store_id}`),
      403,
      "PERMISSION_DENIED",
    );
    expect((await a.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].status).toBe("VIRTUAL_ACCOUNT_ISSUED");
  });
});

describe("DELETE /v2/payments/{payment_id}/virtual-account", () => {
  it("voids an issued account: CANCELLED with cancelled_at, the Cancelled webhook, and no deposit accepted after", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await issuedAccount(m);
    const res = await m.api.delete(`/v2/payments/${id}/virtual-account?store_id=${m.store_id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["payment"]);
    const tx = res.body.payment.transactions[0];
    expect(tx.status).toBe("CANCELLED");
    expect(tx.cancelled_at).toMatch(RFC3339_MS);
    expect(tx.paid_at).toBeUndefined();
    expect(await webhookStatuses(id)).toEqual(["Cancelled", "VirtualAccountIssued"]);
    expectError(await deposit(m, id), 400, "INVALID_REQUEST");
    expectError(await m.api.delete(`/v2/payments/${id}/virtual-account`), 400, "INVALID_REQUEST");
  });

  it("400 NOT_PAID on a payment that never reached issuance (FAILED)", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = newPaymentId();
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, "4000000000000002"))).status).toBe(500);
    expectError(await m.api.delete(`/v2/payments/${id}/virtual-account`), 400, "NOT_PAID");
  });

  it("400 INVALID_REQUEST on a deposited account or a card payment", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await issuedAccount(m);
    expect((await deposit(m, id)).status).toBe(200);
    expectError(await m.api.delete(`/v2/payments/${id}/virtual-account`), 400, "INVALID_REQUEST");
    expectError(await m.api.delete(`/v2/payments/${await paidPayment(m)}/virtual-account`), 400, "INVALID_REQUEST");
  });

  it("404 PAYMENT_NOT_FOUND for unknown and foreign payments; STORE_NOT_FOUND for a foreign store; 403 for a store-limited key", async () => {
    const a = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const b = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await issuedAccount(a);
    expectError(await a.api.delete(`/v2/payments/${newPaymentId()}/virtual-account`), 404, "PAYMENT_NOT_FOUND");
    expectError(await b.api.delete(`/v2/payments/${id}/virtual-account`), 404, "PAYMENT_NOT_FOUND");
    expectError(
      await b.api.delete(`/v2/payments/${id}/virtual-account?store_id=${a.store_id}`),
      404,
      "STORE_NOT_FOUND",
    );
    const sub = await insertStore(getDb(), { merchantId: a.merchant_id, name: "Sub", isDefault: false });
    const key = await createApiKey({ merchantId: a.merchant_id, storeId: sub.id, name: "sub only" });
    const limited = apiAs((await loginWithApiKey(key.apiKey)).accessToken);
    expectError(
      await limited.delete(`/v2/payments/${id}/virtual-account?store_id=${a.store_id}`),
      403,
      "PERMISSION_DENIED",
    );
    expect((await a.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].status).toBe("VIRTUAL_ACCOUNT_ISSUED");
  });
});

describe("cancelling a deposited virtual-account payment", () => {
  it("needs a refund account (spec BankName) and then refunds: CANCELLED, refund_status COMPLETED", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await issuedAccount(m);
    expect((await deposit(m, id)).status).toBe(200);
    expectError(await m.api.post(`/v2/payments/${id}/cancel`, { reason: "no refund account" }), 400, "INVALID_REQUEST");
    expectError(
      await m.api.post(`/v2/payments/${id}/cancel`, {
        refund: { bank: "KOOKMIN_BANK", account_holder: "Lee", account_number: "1234567890" },
      }),
      400,
      "INVALID_REQUEST",
    );
    const res = await m.api.post(`/v2/payments/${id}/cancel`, {
      reason: "refund",
      refund: { bank: "KB", account_holder: "Lee Jiho", account_number: "123-456-7890" },
    });
    expect(res.status).toBe(200);
    const tx = res.body.payment.transactions[0];
    expect(tx).toMatchObject({ status: "CANCELLED", amount: { paid: 50000, cancelled: 50000 } });
    expect(tx.payment_method_detail.virtual_account.refund_status).toBe("COMPLETED");
  });
});

describe("virtual accounts under concurrency", () => {
  it("concurrent deposit notices: one deposit, one Paid webhook", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await issuedAccount(m);
    const results = await Promise.all(Array.from({ length: 10 }, () => deposit(m, id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 400, "INVALID_REQUEST");
    expect(await webhookStatuses(id)).toEqual(["Paid", "VirtualAccountIssued"]);
  });

  it("racing voids and deposits: exactly one wins and the record is consistent", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = await issuedAccount(m);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0 ? deposit(m, id) : m.api.delete(`/v2/payments/${id}/virtual-account`),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    if (tx.status === "PAID") {
      expect(tx.amount.paid).toBe(50000);
      expect(await webhookStatuses(id)).toEqual(["Paid", "VirtualAccountIssued"]);
    } else {
      expect(tx).toMatchObject({ status: "CANCELLED", amount: { paid: 0 } });
      expect(tx.paid_at).toBeUndefined();
      expect(await webhookStatuses(id)).toEqual(["Cancelled", "VirtualAccountIssued"]);
    }
  });
});
