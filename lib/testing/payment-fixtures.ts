import { getDb } from "@/lib/db/client";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { newId } from "@/lib/ids";
import { startAttempt, type AttemptInput } from "@/lib/payments/pay/start-attempt";
import { settleAttempt } from "@/lib/payments/pay/settle-attempt";

/**
 * Payments for list tests, made through the real attempt code (startAttempt / settleAttempt);
 * only the times and a few columns the write paths own are then set directly, so windows,
 * sorting and filters can be tested deterministically.
 */
export type FixturePayment = {
  merchantId: string;
  storeId: string;
  paymentId?: string;
  provider?: string;
  outcome?: "PAID" | "FAILED" | "VIRTUAL_ACCOUNT_ISSUED" | "PENDING";
  method?: AttemptInput["method"];
  orderName?: string;
  customer?: AttemptInput["customer"];
  currency?: string;
  amount?: number;
  scheduleId?: string;
  billingKey?: string;
  at?: { requested?: number; statusUpdated?: number; created?: number };
  patch?: Partial<TransactionsTable>;
};

export async function createPayment(p: FixturePayment): Promise<TransactionsTable> {
  const channel = await getDb()
    .selectFrom("channels")
    .selectAll()
    .where("merchant_id", "=", p.merchantId)
    .where("store_id", "=", p.storeId)
    .where("pg_provider", "=", p.provider ?? "TOSSPAYMENTS")
    .executeTakeFirstOrThrow();
  const attempt = await startAttempt({
    merchantId: p.merchantId,
    storeId: p.storeId,
    paymentId: p.paymentId ?? newId("pay-"),
    channel,
    method: p.method ?? "CARD",
    orderName: p.orderName ?? "Test order",
    currency: p.currency ?? "KRW",
    totalAmount: p.amount ?? 1000,
    taxFreeAmount: 0,
    customer: p.customer ?? {},
    origin: { platform_type: "API", ip_address: "127.0.0.1" },
    scheduleId: p.scheduleId ?? null,
    billingKey: p.billingKey ?? null,
  });
  let row = attempt;
  const outcome = p.outcome ?? "PAID";
  if (outcome === "PAID") {
    row = await settleAttempt(attempt.id, {
      kind: "approved",
      approval: {
        ok: true,
        pgTxId: `pg-${attempt.id}`,
        approvalNumber: `A${attempt.id.slice(-6)}`,
        card: {
          number: "424242******4242",
          bin: "424242",
          brand: "VISA",
          card_type: "CREDIT",
          card_owner_type: "PERSONAL",
          publisher: "X",
          issuer: "X",
          name: "X",
        },
        pgResponse: "{}",
      },
    });
  } else if (outcome === "FAILED") {
    row = await settleAttempt(attempt.id, {
      kind: "declined",
      failure: { ok: false, pgCode: "CARD_DECLINED", pgMessage: "declined by issuer" },
    });
  } else if (outcome === "VIRTUAL_ACCOUNT_ISSUED") {
    row = await settleAttempt(attempt.id, {
      kind: "virtual_account",
      issue: {
        ok: true,
        pgTxId: `pg-${attempt.id}`,
        bank: "KOOKMIN_BANK",
        accountNumber: `9${Date.now()}`,
        accountType: "NORMAL",
        remitteeName: "Shop",
        expiredAt: Date.now() + 86_400_000,
        pgResponse: "{}",
      },
    });
  }
  const patch: Partial<TransactionsTable> = { ...p.patch };
  if (p.at?.requested !== undefined) patch.requested_at = p.at.requested;
  if (p.at?.statusUpdated !== undefined) patch.status_updated_at = p.at.statusUpdated;
  if (p.at?.created !== undefined) patch.created_at = p.at.created;
  if (Object.keys(patch).length > 0) {
    await getDb().updateTable("transactions").set(patch).where("id", "=", row.id).execute();
    row = { ...row, ...patch };
  }
  return row;
}
