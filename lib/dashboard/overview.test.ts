import { describe, expect, it } from "vitest";
import type { DashboardContext } from "@/lib/dashboard/context";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { newMerchant } from "@/lib/testing/fixtures";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { getOverview } from "./overview";
import { overviewPeriods, startOfDay } from "./periods";

const DAY = 86_400_000;

function ctxOf(m: { merchant_id: string; store_id: string }): DashboardContext {
  return {
    merchantId: m.merchant_id,
    storeId: m.store_id,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "PC", ip_address: "127.0.0.1" },
    role: "OWNER",
    userId: "u",
    sessionId: "ses_test",
    userName: "U",
    userEmail: "u@example.com",
    merchantName: "M",
    stores: [{ id: m.store_id, name: "S", is_default: 1 }],
  };
}

async function paidAt(
  m: { merchant_id: string; store_id: string },
  at: number,
  amount: number,
  extra: Parameters<typeof createPayment>[0]["patch"] = {},
) {
  const p = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, amount });
  await getDb()
    .updateTable("transactions")
    .set({ paid_at: at, ...extra })
    .where("id", "=", p.id)
    .execute();
  return p;
}

describe("overview aggregates", () => {
  it("sums gross, refunds and net, counts payments and the approval rate, against the previous period", async () => {
    const m = await newMerchant();
    const noise = await newMerchant();
    const now = Date.now();
    const p1 = await paidAt(m, now - 60_000, 10_000);
    await paidAt(m, now - 2 * DAY, 5_000);
    await paidAt(m, now - 9 * DAY, 4_000); // previous 7 days
    await paidAt(noise, now - 60_000, 999_999); // another merchant: never counted
    const failed = await createPayment({
      merchantId: m.merchant_id,
      storeId: m.store_id,
      outcome: "FAILED",
      amount: 7_000,
    });
    await getDb()
      .insertInto("cancellations")
      .values({
        id: newId("cx_"),
        merchant_id: m.merchant_id,
        store_id: m.store_id,
        transaction_id: p1.id,
        payment_id: p1.payment_id,
        status: "SUCCEEDED",
        cancel_amount: 3_000,
        tax_free_amount: 0,
        vat_amount: null,
        easy_pay_discount_amount: null,
        reason: "r",
        pg_cancellation_id: null,
        requested_at: now - 1000,
        cancelled_at: now - 1000,
        refund_account: null,
        failure_pg_code: null,
        failure_pg_message: null,
        lookup_due_at: null,
        lookup_attempts: 0,
        last_lookup_error: null,
        idempotency_key: null,
      })
      .execute();
    const o = await getOverview({ ctx: ctxOf(m), input: { range: "7d", mode: "TEST", timeZone: "Asia/Seoul" } });
    expect(o.currency).toBe("KRW");
    expect(o.current.gross).toEqual({ KRW: 15_000 });
    expect(o.current.refunds).toEqual({ KRW: 3_000 });
    expect(o.current.net).toEqual({ KRW: 12_000 });
    expect(o.current.paidCount).toBe(2);
    expect(o.current.failedCount).toBe(1);
    expect(o.current.approvalRate).toBeCloseTo(2 / 3);
    expect(o.previous.gross).toEqual({ KRW: 4_000 });
    expect(o.declines).toEqual([{ code: "CARD_DECLINED", count: 1 }]);
    expect(o.recentFailures.map((f) => f.paymentId)).toEqual([failed.payment_id]);
    expect(o.byMethod).toEqual([{ key: "CARD", amount: 15_000, count: 2 }]);
    expect(o.byProvider[0]?.key).toBe("TOSSPAYMENTS");
    expect(o.series).toHaveLength(7);
    expect(o.series.reduce((s, p) => s + p.current, 0)).toBe(15_000);
    expect(o.series.reduce((s, p) => s + p.previous, 0)).toBe(4_000);
    // Live mode of a test-only store: nothing.
    expect(
      (await getOverview({ ctx: ctxOf(m), input: { range: "7d", mode: "LIVE", timeZone: "Asia/Seoul" } })).current
        .paidCount,
    ).toBe(0);
  });

  it("starts today at the reader's midnight", () => {
    const at = Date.UTC(2026, 0, 10, 16, 30); // 01:30 on the 11th in Seoul
    expect(startOfDay(at, "Asia/Seoul")).toBe(Date.UTC(2026, 0, 10, 15, 0));
    expect(startOfDay(at, "UTC")).toBe(Date.UTC(2026, 0, 10));
    const p = overviewPeriods("today", at, "Asia/Seoul");
    expect(p.current.start).toBe(Date.UTC(2026, 0, 10, 15, 0));
    expect(p.previous).toEqual({ start: p.current.start - DAY, end: at - DAY });
  });
});
