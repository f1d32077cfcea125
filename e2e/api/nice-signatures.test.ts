import { describe, expect, it } from "vitest";
import { lookUpNow } from "@/lib/payments/unsettled/sweep";
import { merchantWithLiveNice } from "@/lib/testing/nice-live";
import { cardCredential, cardPayBody, newPaymentId } from "@/lib/testing/payments";
import { niceFakePerFile } from "../nice-fake/per-file";

/**
 * NICE's tamper checks on a LIVE NICE channel (docs/providers.md, "NICE Payments"): every request
 * whose operation takes `signData` carries one the fake verifies, and a PaymentResponse whose
 * `signature` does not verify is never trusted: the outcome is unknown and looked up by order id.
 */
const niceFake = niceFakePerFile();

type Live = Awaited<ReturnType<typeof merchantWithLiveNice>>;

async function primary(m: Live, paymentId: string) {
  return (await m.api.get(`/v2/payments/${paymentId}`)).body.payment.transactions[0];
}

describe("signData on NICE requests", () => {
  it("billing-key registration, charge, expiry and cancel send a signData that verifies; only the look-up by order id goes unsigned", async () => {
    const m = await merchantWithLiveNice();
    niceFake().unsigned.splice(0);
    const id = newPaymentId();
    const paid = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, "4242424242424242", { channel_key: m.live.key }),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 1000, reason: "one" })).status).toBe(200);
    const issued = await m.api.post("/v2/billing-keys", {
      channel_key: m.live.key,
      payment_method_option: { card: { card_credential: cardCredential("4242424242424242") } },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect((await m.api.delete(`/v2/billing-keys/${issued.body.billing_key}`)).status).toBe(200);
    for (const op of ["create_billing_key", "approve_billing_payment", "expire_billing_key", "cancel_payment"])
      expect(niceFake().hits.get(op)).toBeGreaterThan(0);
    expect(new Set(niceFake().unsigned)).toEqual(new Set(["find_payment_by_order_id"]));
  });
});

describe("signature on NICE answers", () => {
  it("a charge answered with a forged signature is not trusted: PENDING, looked up, PAID once the answer verifies; charged once", async () => {
    const m = await merchantWithLiveNice();
    const id = newPaymentId();
    niceFake().quirks.forgeSignatures = true;
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, "4242424242424242", { channel_key: m.live.key }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(500);
    expect(res.body.params.pg_code).toBe("PROVIDER_OUTCOME_UNKNOWN");
    const tx = await primary(m, id);
    expect(tx.status).toBe("PENDING");
    // Still forged: the look-up's answer is no more trusted than the charge's.
    await lookUpNow("transactions", tx.id);
    expect((await primary(m, id)).status).toBe("PENDING");
    niceFake().quirks.forgeSignatures = false;
    await lookUpNow("transactions", tx.id);
    expect((await primary(m, id)).status).toBe("PAID");
    const charges = [...(niceFake().ledger.find(m.live.clientKey)?.payments.values() ?? [])].filter(
      (p) => p.orderId === tx.id,
    );
    expect(charges).toHaveLength(1);
  });

  it("a cancel answered with a forged signature is not recorded as refunded until NICE's record verifies", async () => {
    const m = await merchantWithLiveNice();
    const id = newPaymentId();
    expect(
      (
        await m.api.post(
          `/v2/payments/${id}/instant/pay`,
          cardPayBody(m, "4242424242424242", { channel_key: m.live.key }),
        )
      ).status,
    ).toBe(200);
    niceFake().quirks.forgeSignatures = true;
    const res = await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 2000, reason: "forged" });
    expect(res.status).not.toBe(200);
    expect((await primary(m, id)).cancellations[0]?.status).not.toBe("SUCCEEDED");
    niceFake().quirks.forgeSignatures = false;
    const cancellation = (await primary(m, id)).cancellations[0];
    await lookUpNow("cancellations", cancellation.id);
    const after = await primary(m, id);
    expect(after.cancellations[0]).toMatchObject({ status: "SUCCEEDED", cancel_amount: 2000 });
    expect(niceFake().ledger.find(m.live.clientKey)?.payments.get(after.pg_tx_id)?.cancels).toHaveLength(1);
  });
});
