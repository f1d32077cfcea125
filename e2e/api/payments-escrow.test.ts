import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { apiAs } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { expectError } from "@/lib/testing/payment-assertions";
import { cardPayBody, newPaymentId, paidPayment, virtualAccountPayBody } from "@/lib/testing/payments";
import { insertStore } from "@/lib/tenancy/insert-store";

const RFC3339_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function logisticsBody(overrides: Record<string, unknown> = {}) {
  return {
    sender: { name: "Demo Shop", phone_number: "0212345678", relationship: "seller" },
    receiver: {
      name: "Kim Minji",
      phone_number: "01012345678",
      post_code: "06236",
      address: { address_line_1: "123 Teheran-ro", address_line_2: "Apt 4" },
    },
    logistics_form: { company: "CJGLS", invoice_number: "INV-1001", sent_at: "2026-11-20T09:00:00+09:00" },
    send_email: false,
    ...overrides,
  };
}

describe("POST /v2/payments/{payment_id}/escrow/logis and /escrow/complete", () => {
  it("registers, changes and completes an escrow delivery", async () => {
    const m = await newMerchant();
    const id = await paidPayment(m, "4242424242424242", {
      is_escrow: true,
      products: [{ id: "p1", name: "Desk", amount: 11000, quantity: 1 }],
    });
    const first = await m.api.post(`/v2/payments/${id}/escrow/logis`, logisticsBody());
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      company: "CJGLS",
      invoice_number: "INV-1001",
      sent_at: "2026-11-20T00:00:00.000Z",
      applied_at: expect.stringMatching(RFC3339_MS),
    });
    let tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx.is_escrow).toBe(true);
    expect(tx.escrow_detail).toEqual({ ...first.body, status: "REGISTERED" });

    const changed = await m.api.post(
      `/v2/payments/${id}/escrow/logis`,
      logisticsBody({
        logistics_form: {
          company: "HANJIN",
          invoice_number: "INV-2002",
          sent_at: "2026-11-21T10:00:00Z",
          received_at: "2026-11-22T10:00:00Z",
        },
      }),
    );
    expect(changed.status).toBe(200);
    tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx.escrow_detail).toMatchObject({
      company: "HANJIN",
      invoice_number: "INV-2002",
      status: "REGISTERED",
      sent_at: "2026-11-21T10:00:00.000Z",
    });

    const done = await m.api.post(`/v2/payments/${id}/escrow/complete`, { from_store: true });
    expect(done.status).toBe(200);
    expect(Object.keys(done.body)).toEqual(["completed_at"]);
    expect(done.body.completed_at).toMatch(RFC3339_MS);
    tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx.escrow_detail).toMatchObject({ company: "HANJIN", invoice_number: "INV-2002", status: "COMPLETED" });
    expect(tx.status).toBe("PAID");

    expectError(await m.api.post(`/v2/payments/${id}/escrow/complete`, {}), 400, "INVALID_REQUEST");
    expectError(await m.api.post(`/v2/payments/${id}/escrow/logis`, logisticsBody()), 400, "INVALID_REQUEST");
  });

  it("400 NOT_PAID on a failed, an unpaid (virtual account issued) or a cancelled escrow payment", async () => {
    const m = await newMerchant();
    const failed = newPaymentId();
    expect(
      (await m.api.post(`/v2/payments/${failed}/instant/pay`, cardPayBody(m, "4000000000000002", { is_escrow: true })))
        .status,
    ).toBe(500);
    const issued = newPaymentId();
    expect(
      (await m.api.post(`/v2/payments/${issued}/instant/pay`, virtualAccountPayBody(m, { is_escrow: true }))).status,
    ).toBe(200);
    const cancelled = await paidPayment(m, "4242424242424242", { is_escrow: true });
    expect((await m.api.post(`/v2/payments/${cancelled}/cancel`, {})).status).toBe(200);
    for (const id of [failed, issued, cancelled]) {
      expectError(await m.api.post(`/v2/payments/${id}/escrow/logis`, logisticsBody()), 400, "NOT_PAID");
      expectError(await m.api.post(`/v2/payments/${id}/escrow/complete`, {}), 400, "NOT_PAID");
    }
  });

  it("400 INVALID_REQUEST on a non-escrow payment, completion before registration, and bad bodies", async () => {
    const m = await newMerchant();
    const plain = await paidPayment(m);
    expectError(await m.api.post(`/v2/payments/${plain}/escrow/logis`, logisticsBody()), 400, "INVALID_REQUEST");
    expectError(await m.api.post(`/v2/payments/${plain}/escrow/complete`, {}), 400, "INVALID_REQUEST");
    const escrow = await paidPayment(m, "4242424242424242", { is_escrow: true });
    expectError(await m.api.post(`/v2/payments/${escrow}/escrow/complete`, {}), 400, "INVALID_REQUEST");
    for (const body of [
      logisticsBody({ send_email: undefined }),
      logisticsBody({ receiver: { name: "x" } }),
      logisticsBody({ logistics_form: { company: "UPS", invoice_number: "1", sent_at: "2026-11-20T09:00:00Z" } }),
      logisticsBody({ logistics_form: { company: "CJGLS", invoice_number: "1", sent_at: "yesterday" } }),
      logisticsBody({ sender: undefined }),
    ]) {
      expectError(await m.api.post(`/v2/payments/${escrow}/escrow/logis`, body), 400, "INVALID_REQUEST");
    }
    expect((await m.api.get(`/v2/payments/${escrow}`)).body.payment.transactions[0].escrow_detail).toBeUndefined();
  });

  it("404 PAYMENT_NOT_FOUND (unknown or another merchant's), STORE_NOT_FOUND, 403 PERMISSION_DENIED", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const id = await paidPayment(a, "4242424242424242", { is_escrow: true });
    for (const path of ["escrow/logis", "escrow/complete"]) {
      const body = path === "escrow/logis" ? logisticsBody() : {};
      expectError(await a.api.post(`/v2/payments/${newPaymentId()}/${path}`, body), 404, "PAYMENT_NOT_FOUND");
      expectError(await b.api.post(`/v2/payments/${id}/${path}`, body), 404, "PAYMENT_NOT_FOUND");
      expectError(
        await b.api.post(`/v2/payments/${id}/${path}`, { ...body, store_id: a.store_id }),
        404,
        "STORE_NOT_FOUND",
      );
    }
    const sub = await insertStore(getDb(), { merchantId: a.merchant_id, name: "Sub", isDefault: false });
    const key = await createApiKey({ merchantId: a.merchant_id, storeId: sub.id, name: "sub only" });
    const limited = apiAs((await loginWithApiKey(key.apiKey)).accessToken);
    expectError(
      await limited.post(`/v2/payments/${id}/escrow/logis`, { ...logisticsBody(), store_id: a.store_id }),
      403,
      "PERMISSION_DENIED",
    );
    expectError(
      await limited.post(`/v2/payments/${id}/escrow/complete`, { store_id: a.store_id }),
      403,
      "PERMISSION_DENIED",
    );
    expect((await a.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].escrow_detail).toBeUndefined();
  });
});
