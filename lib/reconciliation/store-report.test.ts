import { describe, expect, it } from "vitest";
import type { AuthContext } from "@/lib/auth/context";
import { findStoreChannel } from "@/lib/channels/repository";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { startAttempt } from "@/lib/payments/pay/start-attempt";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { sandboxPaymentProvider as sandbox } from "@/lib/providers/sandbox/payment-provider";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardCredential, newPaymentId, paymentChannelKey } from "@/lib/testing/payments";
import { countReport, lookUpUnsettled, storeReconciliation, storeReconciliationCounts } from "./store-report";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

const ctxOf = (m: Merchant): AuthContext => ({
  merchantId: m.merchant_id,
  storeId: m.store_id,
  storeLimited: false,
  hasHostingContract: false,
  origin: { platform_type: "PC", ip_address: "127.0.0.1" },
});

/**
 * In one store: an attempt stranded two hours ago (needs attention), one stranded just now
 * (waiting, not yet attention) and a charge the provider made for an order we never recorded
 * (a mismatch). The next look-ups are minutes away, so no sweep settles them during the test.
 */
async function troubles(m: Merchant) {
  const channel = (await findStoreChannel(m.merchant_id, m.store_id, paymentChannelKey(m)))!;
  const strand = async (requestedAt: number) => {
    const attempt = await startAttempt({
      merchantId: m.merchant_id,
      storeId: m.store_id,
      paymentId: newPaymentId(),
      channel,
      method: "CARD",
      orderName: "o",
      currency: "KRW",
      totalAmount: 4200,
      taxFreeAmount: 0,
      customer: {},
      origin: { platform_type: "API", ip_address: "127.0.0.1" },
    });
    await getDb()
      .updateTable("transactions")
      .set({ requested_at: requestedAt, call_deadline_at: requestedAt + 2_000, lookup_due_at: Date.now() + 240_000 })
      .where("id", "=", attempt.id)
      .execute();
    return attempt.id;
  };
  const old = await strand(Date.now() - 2 * 3_600_000);
  await strand(Date.now());
  expect(
    await sandbox.approveCard({
      channel,
      txId: newId("tx-"),
      amount: 990,
      taxFreeAmount: 0,
      currency: "KRW",
      orderName: "stray",
      card: cardCredential(SANDBOX_CARDS.VISA_OK),
    }),
  ).toMatchObject({ ok: true });
  return { old };
}

describe('the overview\'s "Needs attention" counts (dashboard overview panel)', () => {
  it("are the reconciliation page's counts of the same store's report, and follow a look-up", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const { old } = await troubles(m);
    await troubles(other);

    const counts = await storeReconciliationCounts({ ctx: ctxOf(m) });
    expect(counts).toEqual({ checked: expect.any(Number), mismatches: 1, unsettled: 2, needsAttention: 1 });
    // The page counts its report with the same function: the panel and the page's tiles agree.
    expect(countReport(await storeReconciliation({ ctx: ctxOf(m) }))).toEqual(counts);

    // "Look up now" on the page: the provider never saw the old attempt, it settles FAILED and leaves the panel.
    expect(await lookUpUnsettled({ ctx: ctxOf(m), input: { kind: "attempt", id: old } })).toEqual({ settled: true });
    expect(await storeReconciliationCounts({ ctx: ctxOf(m) })).toEqual({
      checked: expect.any(Number),
      mismatches: 1,
      unsettled: 1,
      needsAttention: 0,
    });
    // Another merchant's troubles are its own.
    expect(await storeReconciliationCounts({ ctx: ctxOf(other) })).toEqual({
      checked: expect.any(Number),
      mismatches: 1,
      unsettled: 2,
      needsAttention: 1,
    });
  });

  it("is all zero for a store whose money agrees with the provider", async () => {
    const m = await newMerchant();
    expect(await storeReconciliationCounts({ ctx: ctxOf(m) })).toEqual({
      checked: 0,
      mismatches: 0,
      unsettled: 0,
      needsAttention: 0,
    });
  });
});
