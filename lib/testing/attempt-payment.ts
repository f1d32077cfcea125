import { listStoreChannels } from "@/lib/channels/repository";
import { startAttempt } from "@/lib/payments/pay/start-attempt";
import { settleAttempt, type AttemptAnswer } from "@/lib/payments/pay/settle-attempt";

/**
 * A payment made through the real attempt code (start → provider answer → settle), without an
 * HTTP route: enough for areas that react to payments (webhooks) to test against real rows.
 */
export async function attemptPayment(input: {
  merchantId: string;
  storeId: string;
  paymentId: string;
  outcome?: "approved" | "failed" | "virtual_account";
  noticeUrls?: string[];
  amount?: number;
}) {
  const channel = (await listStoreChannels(input.merchantId, input.storeId)).find((c) => c.is_for_payment === 1)!;
  const attempt = await startAttempt({
    merchantId: input.merchantId,
    storeId: input.storeId,
    paymentId: input.paymentId,
    channel,
    method: input.outcome === "virtual_account" ? "VIRTUAL_ACCOUNT" : "CARD",
    orderName: "Test order",
    currency: "KRW",
    totalAmount: input.amount ?? 1000,
    taxFreeAmount: 0,
    customer: {},
    origin: { platform_type: "API", ip_address: "127.0.0.1" },
    noticeUrls: input.noticeUrls,
  });
  const kind = input.outcome ?? "approved";
  const answer: AttemptAnswer =
    kind === "approved"
      ? { kind, approval: { ok: true, pgTxId: `pg-${attempt.id}`, approvalNumber: "12345678", pgResponse: "{}" } }
      : kind === "virtual_account"
        ? {
            kind,
            issue: {
              ok: true,
              pgTxId: `pg-${attempt.id}`,
              bank: "KOOKMIN_BANK",
              accountNumber: "1234567890",
              accountType: "NORMAL",
              remitteeName: "Shop",
              expiredAt: Date.now() + 86_400_000,
              pgResponse: "{}",
            },
          }
        : { kind: "declined", failure: { ok: false, pgCode: "CARD_DECLINED", pgMessage: "declined" } };
  return settleAttempt(attempt.id, answer);
}
