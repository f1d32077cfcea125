import { describe, expect, it } from "vitest";
import { reconcile } from "@/lib/reconciliation/report";
import { merchantWithLiveNice } from "@/lib/testing/nice-live";
import { cardCredential, cardPayBody, newPaymentId } from "@/lib/testing/payments";
import { niceFakePerFile } from "../nice-fake/per-file";

/**
 * Reconciliation of a LIVE NICE channel: NICE's document has no transaction listing, so each of
 * our attempts in the window is looked up at NICE by its order id and compared (status, amount,
 * refunded total). Differences the fake's books introduce are reported like any PG's.
 */
const niceFake = niceFakePerFile();

type Live = Awaited<ReturnType<typeof merchantWithLiveNice>>;

async function primary(m: Live, paymentId: string) {
  return (await m.api.get(`/v2/payments/${paymentId}`)).body.payment.transactions[0];
}

async function pay(m: Live, number = "4242424242424242") {
  const id = newPaymentId();
  const res = await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, number, { channel_key: m.live.key }));
  return { id, res };
}

describe("reconciliation of a LIVE NICE channel (look-ups by order id)", () => {
  it("payments, a partial cancel, a billing-key charge and a decline all agree with NICE's records", async () => {
    const since = Date.now() - 60_000;
    const m = await merchantWithLiveNice();
    const paid = await pay(m);
    expect(paid.res.status).toBe(200);
    expect((await m.api.post(`/v2/payments/${paid.id}/cancel`, { cancel_amount: 3000, reason: "one" })).status).toBe(
      200,
    );
    expect((await pay(m, "4000000000000002")).res.status).toBe(500);
    const key = await m.api.post("/v2/billing-keys", {
      channel_key: m.live.key,
      payment_method_option: { card: { card_credential: cardCredential("4242424242424242") } },
    });
    const charged = await m.api.post(`/v2/payments/${newPaymentId()}/billing-key/pay`, {
      billing_key: key.body.billing_key,
      order_name: "Monthly",
      total_amount: 9900,
      currency: "KRW",
    });
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    const before = niceFake().hits.get("find_payment_by_order_id") ?? 0;
    const report = await reconcile({ since, merchantId: m.merchant_id });
    expect(report).toEqual({ checked: expect.any(Number), mismatches: [], unsettled: [] });
    expect(report.checked).toBeGreaterThanOrEqual(3);
    // Each of our three attempts on the channel was looked up at NICE.
    expect((niceFake().hits.get("find_payment_by_order_id") ?? 0) - before).toBeGreaterThanOrEqual(3);
  });

  it("reports what NICE's books say otherwise: a refund made only at NICE, a charge NICE has no record of, another amount", async () => {
    const since = Date.now() - 60_000;
    const m = await merchantWithLiveNice();
    const refunded = await pay(m);
    const vanished = await pay(m);
    const changed = await pay(m);
    for (const p of [refunded, vanished, changed]) expect(p.res.status).toBe(200);
    const books = niceFake().ledger.find(m.live.clientKey)!;
    niceFake().ledger.refundInConsole(m.live.clientKey, (await primary(m, refunded.id)).pg_tx_id, 4000);
    books.paymentsByOrder.delete((await primary(m, vanished.id)).id);
    books.payments.get((await primary(m, changed.id)).pg_tx_id)!.amount = 12000;

    const { mismatches, unsettled } = await reconcile({ since, merchantId: m.merchant_id });
    expect(unsettled).toEqual([]);
    expect(mismatches.map((x) => [x.kind, x.payment_id, x.ours, x.provider]).sort()).toEqual(
      [
        ["refund_amount_mismatch", refunded.id, 0, 4000],
        ["paid_without_charge", vanished.id, 11000, undefined],
        ["amount_mismatch", changed.id, 11000, 12000],
      ].sort(),
    );
  });

  it("NICE unreachable for an attempt: the account is reported as not read, never as settled", async () => {
    const since = Date.now() - 60_000;
    const m = await merchantWithLiveNice();
    expect((await pay(m)).res.status).toBe(200);
    const { clientKey, secretKey } = m.live;
    // Another secret key at NICE for this client key: every look-up is refused with HTTP 401.
    niceFake().ledger.find(clientKey)!.secretKey = `${secretKey.slice(1)}x`;
    const { mismatches, unsettled } = await reconcile({ since, merchantId: m.merchant_id });
    expect(mismatches).toEqual([]);
    expect(unsettled).toEqual([expect.objectContaining({ kind: "settlement_listing", id: `LIVE|NICE|${clientKey}` })]);
  });
});
