import { describe, expect, it } from "vitest";
import { dashboardContextOf } from "@/lib/testing/dashboard-context";
import { newMerchant } from "@/lib/testing/fixtures";
import { newPaymentId, paidPayment, virtualAccountPayBody } from "@/lib/testing/payments";
import { issueReceiptForPayment } from "./issue-receipt-for-payment";
import { receiptFromPaymentInput } from "./schema";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

async function depositedVirtualAccount(m: Merchant, total = 50000): Promise<string> {
  const id = newPaymentId();
  await m.api.post(
    `/v2/payments/${id}/instant/pay`,
    virtualAccountPayBody(m, { total_amount: total, order_name: "책상" }),
  );
  const deposit = await m.api.post(`/v2/test-payments/${id}/notice-virtual-account-deposit`, {});
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
  return id;
}

const issue = (m: Merchant, input: Record<string, unknown>) =>
  issueReceiptForPayment({
    ctx: dashboardContextOf(m, [m.store_id]),
    input: receiptFromPaymentInput.parse({ type: "PERSONAL", customer_identifier: "010-1234-5678", ...input }),
  });

describe("a cash receipt from the payment page", () => {
  it("takes the order name and the amount from a deposited virtual account", async () => {
    const m = await newMerchant();
    const id = await depositedVirtualAccount(m);
    const issued = await issue(m, { payment_id: id });
    expect(issued.receipt_url).toMatch(/\/receipts\//);
    const read = await m.api.get(`/v2/payments/${id}/cash-receipt`);
    expect(read.body).toMatchObject({ receipt: { order_name: "책상", amount: 50000, currency: "KRW" } });
  });

  it("refuses more than what is paid and not refunded", async () => {
    const m = await newMerchant();
    const id = await depositedVirtualAccount(m, 30000);
    await expect(issue(m, { payment_id: id, amount: 30001 })).rejects.toMatchObject({
      code: "INVALID_REQUEST",
      params: { field: "amount" },
    });
    const refund = { bank: "KB", account_holder: "홍길동", account_number: "12345678901234" };
    const cancelled = await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 10000, reason: "part", refund });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await expect(issue(m, { payment_id: id, amount: 20001 })).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    await issue(m, { payment_id: id, amount: 20000 });
  });

  it("refuses a card payment, an unpaid one and another merchant's", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const card = await paidPayment(m);
    await expect(issue(m, { payment_id: card })).rejects.toMatchObject({ code: "CASH_RECEIPT_NOT_CASH_PAYMENT" });
    const waiting = newPaymentId();
    await m.api.post(`/v2/payments/${waiting}/instant/pay`, virtualAccountPayBody(m));
    await expect(issue(m, { payment_id: waiting })).rejects.toMatchObject({ code: "NOT_PAID" });
    const theirs = await depositedVirtualAccount(other);
    await expect(issue(m, { payment_id: theirs })).rejects.toMatchObject({ code: "PAYMENT_NOT_FOUND" });
  });
});
