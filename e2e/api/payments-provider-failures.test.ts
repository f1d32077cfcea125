import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { lookUpNow } from "@/lib/payments/unsettled/sweep";
import { liveAdapters } from "@/lib/channels/providers";
import { sandboxPaymentProvider } from "@/lib/providers/sandbox/payment-provider";
import type { PaymentProvider } from "@/lib/providers/types";
import { passCallDeadline } from "@/lib/testing/call-deadline";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId, virtualAccountPayBody } from "@/lib/testing/payments";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

/**
 * A LIVE channel served by an adapter registered the way real adapters are (lib/channels/providers.ts):
 * the sandbox's behaviour with some calls crashing or refusing, as a real PG connection might.
 */
async function liveChannel(m: Merchant, adapter: Partial<PaymentProvider>): Promise<string> {
  const pg = `TESTPG_${newId().slice(-8)}`;
  liveAdapters[pg] = { ...sandboxPaymentProvider, ...adapter };
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
      pg_provider: pg,
      pg_merchant_id: "live_mid",
      is_for_payment: 1,
      is_for_identity_verification: 0,
      created_at: Date.now(),
    })
    .execute();
  return key;
}

const crash = async (): Promise<never> => {
  throw new Error("connection reset by the provider");
};
const refuse = async () => ({ ok: false as const, pgCode: "ESCROW_REFUSED", pgMessage: "refused by the provider" });

describe("provider crashes and refusals", () => {
  it("instant pay: a crashing provider call is an unknown outcome, looked up at once; no record settles FAILED only after the call's deadline, then the id may be retried", async () => {
    const m = await newMerchant();
    const key = await liveChannel(m, { approveCard: crash });
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, "4242424242424242", { channel_key: key }),
    );
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "PROVIDER_OUTCOME_UNKNOWN", pg_message: expect.any(String) },
    });
    expect(JSON.stringify(res.body)).not.toContain("connection reset");
    let tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx.status).toBe("PENDING");
    // The reset request may still land until its deadline: no new attempt meanwhile.
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m))).status).toBe(400);
    await passCallDeadline(tx.id);
    await lookUpNow("transactions", tx.id);
    tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx).toMatchObject({ status: "FAILED", failure: { pg_code: "PROVIDER_NO_RECORD" } });
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m))).status).toBe(200);
  });

  it("cancel: a provider that keeps crashing leaves the cancellation REQUESTED (amount reserved, outcome unknown) until it answers", async () => {
    const m = await newMerchant();
    let down = true;
    const key = await liveChannel(m, {
      cancel: async (input) => (down ? crash() : sandboxPaymentProvider.cancel(input)),
    });
    const id = newPaymentId();
    expect(
      (await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, "4242424242424242", { channel_key: key })))
        .status,
    ).toBe(200);
    const res = await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 5000 });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "PROVIDER_OUTCOME_UNKNOWN", pg_message: expect.any(String) },
    });
    let tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx).toMatchObject({ status: "PAID", amount: { cancelled: 0 } });
    expect(tx.cancellations).toEqual([expect.objectContaining({ status: "REQUESTED", cancel_amount: 5000 })]);
    expect(
      (
        await getDb()
          .selectFrom("transactions")
          .select("cancelled_amount")
          .where("id", "=", tx.id)
          .executeTakeFirstOrThrow()
      ).cancelled_amount,
    ).toBe(5000);
    down = false;
    expect(await lookUpNow("cancellations", tx.cancellations[0].id)).toBe(true);
    tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx).toMatchObject({ status: "PARTIAL_CANCELLED", amount: { cancelled: 5000 } });
    expect(tx.cancellations[0].status).toBe("SUCCEEDED");
  });

  it("virtual-account void: a LIVE channel without a virtual-account adapter answers 500 PG_PROVIDER_ERROR and keeps the account", async () => {
    const m = await newMerchant();
    const key = await liveChannel(m, {});
    const id = newPaymentId();
    expect(
      (await m.api.post(`/v2/payments/${id}/instant/pay`, virtualAccountPayBody(m, { channel_key: key }))).status,
    ).toBe(200);
    const res = await m.api.delete(`/v2/payments/${id}/virtual-account`);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "NO_LIVE_PROVIDER", pg_message: "no live provider configured" },
    });
    expect((await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].status).toBe("VIRTUAL_ACCOUNT_ISSUED");
  });

  it("escrow: a provider refusal answers 500 PG_PROVIDER_ERROR and records nothing", async () => {
    const m = await newMerchant();
    const key = await liveChannel(m, { registerEscrowLogistics: refuse, completeEscrow: refuse });
    const id = newPaymentId();
    expect(
      (
        await m.api.post(
          `/v2/payments/${id}/instant/pay`,
          cardPayBody(m, "4242424242424242", { channel_key: key, is_escrow: true }),
        )
      ).status,
    ).toBe(200);
    const logis = {
      sender: {},
      receiver: { address: { address_line_1: "a", address_line_2: "b" } },
      logistics_form: { company: "ETC", invoice_number: "1", sent_at: "2026-11-20T00:00:00Z" },
      send_email: false,
    };
    const res = await m.api.post(`/v2/payments/${id}/escrow/logis`, logis);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "ESCROW_REFUSED", pg_message: "refused by the provider" },
    });
    expect((await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].escrow_detail).toBeUndefined();
  });

  it("escrow complete: a provider refusal answers 500 PG_PROVIDER_ERROR and keeps REGISTERED", async () => {
    const m = await newMerchant();
    const key = await liveChannel(m, { completeEscrow: refuse });
    const id = newPaymentId();
    expect(
      (
        await m.api.post(
          `/v2/payments/${id}/instant/pay`,
          cardPayBody(m, "4242424242424242", { channel_key: key, is_escrow: true }),
        )
      ).status,
    ).toBe(200);
    const logis = {
      sender: {},
      receiver: { address: { address_line_1: "a", address_line_2: "b" } },
      logistics_form: { company: "ETC", invoice_number: "1", sent_at: "2026-11-20T00:00:00Z" },
      send_email: false,
    };
    expect((await m.api.post(`/v2/payments/${id}/escrow/logis`, logis)).status).toBe(200);
    const res = await m.api.post(`/v2/payments/${id}/escrow/complete`, {});
    expect(res.status).toBe(500);
    expect(res.body.code).toBe("PG_PROVIDER_ERROR");
    expect((await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].escrow_detail.status).toBe(
      "REGISTERED",
    );
  });
});
