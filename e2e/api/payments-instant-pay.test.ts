import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { apiAs } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { TEST_WEBHOOK_URL, webhookEvents, webhookStatuses } from "@/lib/testing/webhook-events";
import { expectError } from "@/lib/testing/payment-assertions";
import {
  cardCredential,
  cardPayBody,
  newPaymentId,
  paymentChannelKey,
  virtualAccountPayBody,
} from "@/lib/testing/payments";
import { insertStore } from "@/lib/tenancy/insert-store";

const RFC3339_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function transactionRows(paymentId: string) {
  return getDb()
    .selectFrom("transactions")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

describe("POST /v2/payments/{payment_id}/instant/pay — card", () => {
  it("approves a key-in card payment and the single read shows it PAID", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, "4242424242424242", {
        tax_free_amount: 1000,
        products: [{ id: "p1", name: "Mug", amount: 11000, quantity: 1 }],
        customer: { customer_name: { full_name: "Kim Minji" }, email: "minji@example.com" },
        custom_data: '{"order":1}',
      }),
      { "user-agent": "test-agent/1.0" },
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["customer_id", "paid_at", "pg_tx_id", "requested_at", "tx_id"]);
    expect(res.body.paid_at).toMatch(RFC3339_MS);
    expect(res.body.requested_at).toMatch(RFC3339_MS);
    expect(res.body.customer_id).toMatch(/^customer-/);

    const read = await m.api.get(`/v2/payments/${encodeURIComponent(id)}`);
    expect(read.status).toBe(200);
    const p = read.body.payment;
    expect(p).toMatchObject({ id, merchant_id: m.merchant_id, store_id: m.store_id });
    expect(p.transactions).toHaveLength(1);
    const tx = p.transactions[0];
    expect(tx).toMatchObject({
      id: res.body.tx_id,
      is_primary: true,
      version: "V2",
      method: "CARD",
      status: "PAID",
      order_name: "Test order",
      pg_tx_id: res.body.pg_tx_id,
      paid_at: res.body.paid_at,
      is_escrow: false,
      is_cultural_expense: false,
      custom_data: '{"order":1}',
      products: [{ id: "p1", name: "Mug", amount: 11000, quantity: 1 }],
      customer: { id: res.body.customer_id, name: "Kim Minji", email: "minji@example.com" },
      origin: { platform_type: "API", ip_address: expect.any(String), user_agent: "test-agent/1.0" },
      channel: { key: paymentChannelKey(m), type: "TEST", pg_provider: "TOSSPAYMENTS" },
      // 10,000 taxable: VAT 909, supply 9,091.
      amount: {
        currency: "KRW",
        total: 11000,
        tax_free: 1000,
        vat: 909,
        supply: 9091,
        discount: 0,
        paid: 11000,
        cancelled: 0,
        cancelled_tax_free: 0,
      },
    });
    expect(tx.payment_method_detail.card).toMatchObject({
      number: "424242******4242",
      approval_number: expect.stringMatching(/^\d+$/),
      card_point_used: false,
      detail: { brand: "VISA", bin: "424242", number: "424242******4242", card_owner_type: "PERSONAL" },
    });
    expect(tx.failure).toBeUndefined();
  });

  it("never stores the card number, CVC or password in clear", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const body = cardPayBody(m, "5555555555554444");
    (body.payment_method_option.card as Record<string, unknown>).cvc = "987";
    const res = await m.api.post(`/v2/payments/${id}/instant/pay`, body);
    expect(res.status).toBe(200);
    const [row] = await transactionRows(id);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain("5555555555554444");
    // No CVC or card password is kept under any key name (a 3-digit value alone would match ids by
    // chance; so would the bare word inside a random provider id, hence keys only: name then `":`).
    expect(stored).not.toMatch(/(cvc|password|expiry|birth_or_business)\w*\\?"\s*:/i);
    expect(row!.card_number).toBe("555555******4444");
    const read = await m.api.get(`/v2/payments/${id}`);
    expect(read.body.payment.transactions[0].payment_method_detail.card.detail.brand).toBe("MASTER");
  });

  it("records installments and keeps a given customer id; accepts channel_name as an alias", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const { channel_key, ...rest } = cardPayBody(m);
    const body = { ...rest, channel_name: channel_key, customer: { customer_id: "cust-42" } };
    body.payment_method_option.card = {
      ...body.payment_method_option.card,
      card_installment_plan: 3,
      use_free_installment_plan: true,
    } as typeof body.payment_method_option.card;
    const res = await m.api.post(`/v2/payments/${id}/instant/pay`, body);
    expect(res.status).toBe(200);
    expect(res.body.customer_id).toBe("cust-42");
    const read = await m.api.get(`/v2/payments/${id}`);
    expect(read.body.payment.transactions[0].payment_method_detail.card.installment).toEqual({
      month: 3,
      is_interest_free: true,
    });
  });

  it("queues the Paid webhook with the payment's state change", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, "4242424242424242", { notice_urls: ["http://127.0.0.1:9/notice"] }),
    );
    expect(res.status).toBe(200);
    expect(await webhookEvents(id)).toEqual([
      { status: "Paid", txId: res.body.tx_id, urls: ["http://127.0.0.1:9/notice"] },
    ]);
  });

  it("approves the sandbox's other approving cards (4000000000000341, 4000000000000259) on key-in", async () => {
    const m = await newMerchant();
    for (const number of ["4000000000000341", "4000000000000259", "4111111111111111"]) {
      const res = await m.api.post(`/v2/payments/${newPaymentId()}/instant/pay`, cardPayBody(m, number));
      expect(res.status, number).toBe(200);
    }
  });
});

describe("instant pay — ids and currencies", () => {
  it("takes payment ids URL-decoded from the path (CONTRACT §1)", async () => {
    const m = await newMerchant();
    const id = `주문#${newId()}?x=1&y=%`;
    const res = await m.api.post(`/v2/payments/${encodeURIComponent(id)}/instant/pay`, cardPayBody(m));
    expect(res.status).toBe(200);
    const read = await m.api.get(`/v2/payments/${encodeURIComponent(id)}`);
    expect(read.status).toBe(200);
    expect(read.body.payment.id).toBe(id);
  });

  it("keeps amounts in the currency's minor unit: USD cents are integers, fractions are refused", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    expect(
      (
        await m.api.post(
          `/v2/payments/${id}/instant/pay`,
          cardPayBody(m, "4242424242424242", { currency: "USD", total_amount: 1050 }),
        )
      ).status,
    ).toBe(200);
    expect((await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].amount).toMatchObject({
      currency: "USD",
      total: 1050,
      paid: 1050,
    });
    expectError(
      await m.api.post(
        `/v2/payments/${newPaymentId()}/instant/pay`,
        cardPayBody(m, "4242424242424242", { currency: "USD", total_amount: 10.5 }),
      ),
      400,
      "INVALID_REQUEST",
    );
  });

  it("a fully tax-free payment shows no VAT or supply", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    expect(
      (
        await m.api.post(
          `/v2/payments/${id}/instant/pay`,
          cardPayBody(m, "4242424242424242", { total_amount: 5000, tax_free_amount: 5000 }),
        )
      ).status,
    ).toBe(200);
    expect((await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].amount).toMatchObject({
      total: 5000,
      tax_free: 5000,
      vat: 0,
      supply: 0,
    });
  });
});

describe("instant pay — provider declines (CONTRACT §10)", () => {
  for (const [number, pgCode] of [
    ["4000000000000002", "CARD_DECLINED"],
    ["4000000000009995", "INSUFFICIENT_FUNDS"],
    ["4000000000000119", "PROVIDER_ERROR"],
  ] as const) {
    it(`${number} → 500 PG_PROVIDER_ERROR ${pgCode}, a FAILED transaction with failure and failed_at`, async () => {
      const m = await newMerchant();
      const id = newPaymentId();
      const res = await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, number));
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        code: "PG_PROVIDER_ERROR",
        params: { pg_code: pgCode, pg_message: expect.any(String) },
      });
      const read = await m.api.get(`/v2/payments/${id}`);
      const [tx] = read.body.payment.transactions;
      expect(tx).toMatchObject({
        status: "FAILED",
        is_primary: true,
        failure: { pg_code: pgCode, pg_message: res.body.params.pg_message, reason: expect.any(String) },
      });
      expect(tx.failed_at).toMatch(RFC3339_MS);
      expect(tx.paid_at).toBeUndefined();
      expect(tx.amount.paid).toBe(0);
    });
  }

  it("a failed attempt may be retried with the same id: a new primary transaction, the failed one kept", async () => {
    const m = await newMerchant({ webhookUrl: TEST_WEBHOOK_URL });
    const id = newPaymentId();
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, "4000000000000002"))).status).toBe(500);
    const retry = await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m));
    expect(retry.status).toBe(200);
    const read = await m.api.get(`/v2/payments/${id}`);
    const txs = read.body.payment.transactions;
    expect(txs.map((t: { status: string; is_primary: boolean }) => [t.status, t.is_primary])).toEqual([
      ["FAILED", false],
      ["PAID", true],
    ]);
    expect(txs[1].id).toBe(retry.body.tx_id);
    expect(await webhookStatuses(id)).toEqual(["Failed", "Paid"]);
  });

  it("a LIVE channel without an adapter refuses with PG_PROVIDER_ERROR", async () => {
    const m = await newMerchant();
    const key = `live-${newId()}`;
    await getDb()
      .insertInto("channels")
      .values({
        id: newId("ch_"),
        merchant_id: m.merchant_id,
        store_id: m.store_id,
        key,
        name: "Live",
        type: "LIVE",
        pg_provider: "KICC",
        pg_merchant_id: "kicc_live",
        is_for_payment: 1,
        is_for_identity_verification: 0,
        created_at: Date.now(),
      })
      .execute();
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, "4242424242424242", { channel_key: key }),
    );
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "NO_LIVE_PROVIDER", pg_message: "no live provider configured" },
    });
    const read = await m.api.get(`/v2/payments/${id}`);
    expect(read.body.payment.transactions[0]).toMatchObject({ status: "FAILED", channel: { type: "LIVE" } });
  });
});

describe("instant pay — virtual account", () => {
  it("issues a virtual account: 200 with paid_at empty, status VIRTUAL_ACCOUNT_ISSUED and the account detail", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      virtualAccountPayBody(m, {
        payment_method_option: {
          virtual_account: {
            bank: "SHINHAN_BANK",
            account_expiry: { valid_hours: 48 },
            account_type: "NORMAL",
            remittee_name: "Demo Shop",
            cash_receipt_form: { receipt_type: "PERSONAL", registration_number: "01012345678" },
          },
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.paid_at).toBe("");
    expect(res.body.pg_tx_id).not.toBe("");
    const tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx).toMatchObject({
      status: "VIRTUAL_ACCOUNT_ISSUED",
      method: "VIRTUAL_ACCOUNT",
      amount: { paid: 0, total: 50000 },
    });
    expect(tx.paid_at).toBeUndefined();
    const va = tx.payment_method_detail.virtual_account;
    expect(va).toMatchObject({
      bank_code: "SHINHAN_BANK",
      account_type: "NORMAL",
      remittee_name: "Demo Shop",
      account_number: expect.stringMatching(/^\d+$/),
    });
    const hours = (Date.parse(va.expired_at) - Date.parse(va.issued_at)) / 3_600_000;
    expect(Math.round(hours)).toBe(48);
  });

  it("accepts an unlisted upper-snake bank code as opaque, a due_date, and a FIXED account number", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const due = new Date(Date.now() + 3 * 86_400_000).toISOString().replace("Z", "+09:00");
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      virtualAccountPayBody(m, {
        payment_method_option: {
          virtual_account: {
            bank: "NEW_DIGITAL_BANK_2",
            account_expiry: { due_date: due },
            account_type: "FIXED",
            account_number: "12345678901",
          },
        },
      }),
    );
    expect(res.status).toBe(200);
    const va = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].payment_method_detail
      .virtual_account;
    expect(va).toMatchObject({
      bank_code: "NEW_DIGITAL_BANK_2",
      account_type: "FIXED",
      account_number: "12345678901",
      expired_at: new Date(Date.parse(due)).toISOString(),
    });
  });

  it("refuses a lower-case bank, a past due_date, and a second attempt while the account is issued", async () => {
    const m = await newMerchant();
    const vaOption = (va: Record<string, unknown>) => ({
      payment_method_option: {
        virtual_account: { bank: "KOOKMIN_BANK", account_expiry: { valid_hours: 1 }, account_type: "NORMAL", ...va },
      },
    });
    expectError(
      await m.api.post(
        `/v2/payments/${newPaymentId()}/instant/pay`,
        virtualAccountPayBody(m, vaOption({ bank: "kookmin" })),
      ),
      400,
      "INVALID_REQUEST",
    );
    expectError(
      await m.api.post(
        `/v2/payments/${newPaymentId()}/instant/pay`,
        virtualAccountPayBody(m, vaOption({ account_expiry: { due_date: "2001-01-01T00:00:00Z" } })),
      ),
      400,
      "INVALID_REQUEST",
    );
    expectError(
      await m.api.post(
        `/v2/payments/${newPaymentId()}/instant/pay`,
        virtualAccountPayBody(m, vaOption({ account_type: "FLOATING" })),
      ),
      400,
      "INVALID_REQUEST",
    );
    const id = newPaymentId();
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, virtualAccountPayBody(m))).status).toBe(200);
    expectError(await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m)), 400, "INVALID_REQUEST");
  });
});

describe("instant pay — request errors", () => {
  it("400 INVALID_REQUEST naming the field for bad input, and records nothing", async () => {
    const m = await newMerchant();
    const cases: [string, Record<string, unknown>, string][] = [
      ["fractional KRW amount", { total_amount: 1000.5 }, "total_amount"],
      ["negative amount", { total_amount: -1 }, "total_amount"],
      ["amount over 10^15", { total_amount: 1e15 + 1 }, "total_amount"],
      ["fractional tax_free_amount", { tax_free_amount: 0.5 }, "tax_free_amount"],
      ["fractional product amount", { products: [{ id: "p", name: "n", amount: 10.5, quantity: 1 }] }, "products"],
      ["missing order_name", { order_name: undefined }, "order_name"],
      ["missing channel_key", { channel_key: undefined }, "channel_key"],
      ["bad currency", { currency: "won" }, "currency"],
      ["bad notice url", { notice_urls: ["not a url"] }, "notice_urls"],
      [
        "both card and virtual account",
        {
          payment_method_option: {
            card: { card_credential: cardCredential("4242424242424242") },
            virtual_account: { bank: "KOOKMIN_BANK", account_expiry: { valid_hours: 1 }, account_type: "NORMAL" },
          },
        },
        "payment_method_option",
      ],
      ["neither card nor virtual account", { payment_method_option: {} }, "payment_method_option"],
      [
        "Luhn failure",
        { payment_method_option: { card: { card_credential: cardCredential("4242424242424241") } } },
        "card_number",
      ],
      [
        "expired card",
        {
          payment_method_option: {
            card: { card_credential: { ...cardCredential("4242424242424242"), expiry_year: "2001" } },
          },
        },
        "expiry_year",
      ],
      [
        "bad password digits",
        {
          payment_method_option: {
            card: { card_credential: { ...cardCredential("4242424242424242"), password_two_digits: "1" } },
          },
        },
        "password_two_digits",
      ],
    ];
    for (const [label, overrides, field] of cases) {
      const id = newPaymentId();
      const res = await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, "4242424242424242", overrides));
      expectError(res, 400, "INVALID_REQUEST");
      expect(res.body.params.message, label).toContain(field);
      expect(await transactionRows(id), label).toHaveLength(0);
    }
  });

  it("400 INVALID_REQUEST for a payment id with whitespace or over 200 characters", async () => {
    const m = await newMerchant();
    expectError(
      await m.api.post(`/v2/payments/${encodeURIComponent("a b")}/instant/pay`, cardPayBody(m)),
      400,
      "INVALID_REQUEST",
    );
    expectError(
      await m.api.post(`/v2/payments/${"x".repeat(201)}/instant/pay`, cardPayBody(m)),
      400,
      "INVALID_REQUEST",
    );
  });

  it("400 TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_TOTAL_AMOUNT", async () => {
    const m = await newMerchant();
    const res = await m.api.post(
      `/v2/payments/${newPaymentId()}/instant/pay`,
      cardPayBody(m, "4242424242424242", { total_amount: 1000, tax_free_amount: 1001 }),
    );
    expectError(res, 400, "TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_TOTAL_AMOUNT");
  });

  it("400 PAYMENT_ALREADY_PAID on a paid payment id", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m))).status).toBe(200);
    expectError(await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m)), 400, "PAYMENT_ALREADY_PAID");
    expect(await transactionRows(id)).toHaveLength(1);
  });

  it("404 CHANNEL_NOT_FOUND for an unknown key, another merchant's channel or an identity-only channel", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    for (const key of ["channel-key-nope", paymentChannelKey(other), paymentChannelKey(m, "DANAL")]) {
      expectError(
        await m.api.post(
          `/v2/payments/${newPaymentId()}/instant/pay`,
          cardPayBody(m, "4242424242424242", { channel_key: key }),
        ),
        404,
        "CHANNEL_NOT_FOUND",
      );
    }
  });

  it("404 STORE_NOT_FOUND for another merchant's store; 403 PERMISSION_DENIED for a store-limited key naming another store", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    expectError(
      await m.api.post(
        `/v2/payments/${newPaymentId()}/instant/pay`,
        cardPayBody(m, "4242424242424242", { store_id: other.store_id }),
      ),
      404,
      "STORE_NOT_FOUND",
    );
    const sub = await insertStore(getDb(), { merchantId: m.merchant_id, name: "Sub", isDefault: false });
    const key = await createApiKey({ merchantId: m.merchant_id, storeId: sub.id, name: "sub only" });
    const limited = apiAs((await loginWithApiKey(key.apiKey)).accessToken);
    expectError(
      await limited.post(
        `/v2/payments/${newPaymentId()}/instant/pay`,
        cardPayBody(m, "4242424242424242", { store_id: m.store_id }),
      ),
      403,
      "PERMISSION_DENIED",
    );
  });

  it("401 UNAUTHORIZED without a valid token", async () => {
    const res = await apiAs("not-a-token").post(`/v2/payments/${newPaymentId()}/instant/pay`, {});
    expectError(res, 401, "UNAUTHORIZED");
  });
});

describe("GET /v2/payments/{payment_id}", () => {
  it("404 PAYMENT_NOT_FOUND for an unknown id", async () => {
    const m = await newMerchant();
    expectError(await m.api.get(`/v2/payments/${newPaymentId()}`), 404, "PAYMENT_NOT_FOUND");
  });

  it("another merchant's payment, or naming its store, answers PAYMENT_NOT_FOUND; the same id is independent per merchant", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const id = newPaymentId();
    expect((await a.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(a))).status).toBe(200);
    expectError(await b.api.get(`/v2/payments/${id}`), 404, "PAYMENT_NOT_FOUND");
    expectError(await b.api.get(`/v2/payments/${id}?store_id=${a.store_id}`), 404, "PAYMENT_NOT_FOUND");
    // B may use the same id for its own payment; A's is untouched.
    expect(
      (await b.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(b, "4242424242424242", { total_amount: 500 })))
        .status,
    ).toBe(200);
    expect((await a.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].amount.total).toBe(11000);
    expect((await b.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].amount.total).toBe(500);
  });

  it("reads payments of a named store; a store-limited key naming another store gets PAYMENT_NOT_FOUND", async () => {
    const m = await newMerchant();
    const sub = await insertStore(getDb(), { merchantId: m.merchant_id, name: "Sub", isDefault: false });
    const subChannel = await getDb()
      .selectFrom("channels")
      .select("key")
      .where("store_id", "=", sub.id)
      .where("pg_provider", "=", "KCP")
      .executeTakeFirstOrThrow();
    const id = newPaymentId();
    expect(
      (
        await m.api.post(
          `/v2/payments/${id}/instant/pay`,
          cardPayBody(m, "4242424242424242", { store_id: sub.id, channel_key: subChannel.key }),
        )
      ).status,
    ).toBe(200);
    expectError(await m.api.get(`/v2/payments/${id}`), 404, "PAYMENT_NOT_FOUND");
    expect((await m.api.get(`/v2/payments/${id}?store_id=${sub.id}`)).status).toBe(200);
    const key = await createApiKey({ merchantId: m.merchant_id, storeId: sub.id, name: "sub only" });
    const limited = apiAs((await loginWithApiKey(key.apiKey)).accessToken);
    expect((await limited.get(`/v2/payments/${id}`)).status).toBe(200);
    const mainId = newPaymentId();
    expect((await m.api.post(`/v2/payments/${mainId}/instant/pay`, cardPayBody(m))).status).toBe(200);
    expectError(await limited.get(`/v2/payments/${mainId}?store_id=${m.store_id}`), 404, "PAYMENT_NOT_FOUND");
  });

  it("answers 500 SERVICE_ERROR (no details) when a stored record cannot be read", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m))).status).toBe(200);
    await getDb().updateTable("transactions").set({ customer: "{corrupt" }).where("payment_id", "=", id).execute();
    const res = await m.api.get(`/v2/payments/${id}`);
    expectError(res, 500, "SERVICE_ERROR");
    expect(JSON.stringify(res.body)).not.toContain("JSON");
  });
});
