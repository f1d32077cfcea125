import { describe, expect, it } from "vitest";
import { callApi } from "@/lib/testing/api";
import { issueKey, payBody } from "@/lib/testing/billing";
import { newMerchant } from "@/lib/testing/fixtures";
import { expectError } from "@/lib/testing/payment-assertions";
import { cardPayBody, newPaymentId, paidPayment, virtualAccountPayBody } from "@/lib/testing/payments";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

/** The request was refused naming `member`, and nothing moved. */
function expectRefusedNaming(res: { status: number; body: unknown }, member: string) {
  expectError(res, 400, "INVALID_REQUEST");
  expect(JSON.stringify(res.body)).toContain(member);
}

async function amountsOf(m: Merchant, id: string) {
  const res = await m.api.get(`/v2/payments/${id}`);
  const tx = res.body.payment.transactions[0];
  return { status: tx.status, cancelled: tx.amount.cancelled };
}

describe("CONTRACT §5: an amount under another name is never dropped silently", () => {
  it("cancel: `amount` is an alias of cancel_amount, a partial cancel of that amount", async () => {
    const m = await newMerchant();
    const id = await paidPayment(m);
    const res = await m.api.post(`/v2/payments/${id}/cancel`, { reason: "one item", amount: 3000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await amountsOf(m, id)).toEqual({ status: "PARTIAL_CANCELLED", cancelled: 3000 });

    const same = await m.api.post(`/v2/payments/${id}/cancel`, { amount: 1000, cancel_amount: 1000 });
    expect(same.status).toBe(200);
    expect(await amountsOf(m, id)).toEqual({ status: "PARTIAL_CANCELLED", cancelled: 4000 });
  });

  it("cancel: an invalid `amount` is refused naming amount, as sent", async () => {
    const m = await newMerchant();
    const id = await paidPayment(m);
    const res = await m.api.post(`/v2/payments/${id}/cancel`, { amount: -5 });
    expectError(res, 400, "INVALID_REQUEST");
    expect(res.body.params).toMatchObject({ field: "amount", message: expect.stringContaining("body.amount:") });
    expect(await amountsOf(m, id)).toEqual({ status: "PAID", cancelled: 0 });
  });

  it("cancel: `amount` and cancel_amount both given and different is refused naming both", async () => {
    const m = await newMerchant();
    const id = await paidPayment(m);
    const res = await m.api.post(`/v2/payments/${id}/cancel`, { amount: 3000, cancel_amount: 4000 });
    expectRefusedNaming(res, "amount");
    expect(JSON.stringify(res.body)).toContain("cancel_amount");
    expect(await amountsOf(m, id)).toEqual({ status: "PAID", cancelled: 0 });
  });

  it("cancel: any other unknown member containing 'amount' is refused naming it", async () => {
    const m = await newMerchant();
    const id = await paidPayment(m);
    for (const member of ["refund_amount", "cancelAmount", "AMOUNT_TOTAL"]) {
      expectRefusedNaming(await m.api.post(`/v2/payments/${id}/cancel`, { [member]: 3000 }), member);
    }
    expect(await amountsOf(m, id)).toEqual({ status: "PAID", cancelled: 0 });
    // Unknown members without "amount" in their name are still ignored.
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { note: "x", cancel_amount: 500 })).status).toBe(200);
  });

  it("instant pay, billing-key pay and schedules refuse an unknown amount member", async () => {
    const m = await newMerchant();
    const instant = await m.api.post(
      `/v2/payments/${newPaymentId()}/instant/pay`,
      cardPayBody(m, undefined, { amount: 11000 }),
    );
    expectRefusedNaming(instant, "amount");
    const key = await issueKey(m);
    const byKey = await m.api.post(`/v2/payments/${newPaymentId()}/billing-key/pay`, {
      ...payBody(key),
      taxFreeAmount: 1000,
    });
    expectRefusedNaming(byKey, "taxFreeAmount");
    const scheduled = await m.api.post("/v2/schedules", {
      ...payBody(key),
      payment_id: newPaymentId(),
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
      vat_amount: 100,
    });
    expectRefusedNaming(scheduled, "vat_amount");
  });

  it("void refuses a body carrying an amount, and voids without one", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const issued = await m.api.post(`/v2/payments/${id}/instant/pay`, virtualAccountPayBody(m));
    expect(issued.status).toBe(200);
    const url = `/v2/payments/${id}/virtual-account`;
    expectRefusedNaming(await callApi("DELETE", url, { token: m.accessToken, body: { amount: 100 } }), "amount");
    expect((await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].status).toBe("VIRTUAL_ACCOUNT_ISSUED");
    expect((await m.api.delete(url)).status).toBe(200);
  });
});
