import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { liveAdapters } from "@/lib/channels/providers";
import { sandboxPaymentProvider } from "@/lib/providers/sandbox/payment-provider";
import type { ApiResult } from "@/lib/testing/api";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { expectError } from "@/lib/testing/payment-assertions";
import { cardPayBody, newPaymentId, paidPayment } from "@/lib/testing/payments";
import { TEST_WEBHOOK_URL, webhookStatuses } from "@/lib/testing/webhook-events";

async function transactionCount(paymentId: string): Promise<number> {
  const rows = await getDb().selectFrom("transactions").select("id").where("payment_id", "=", paymentId).execute();
  return rows.length;
}

describe("Idempotency-Key on payment POSTs (CONTRACT §12)", () => {
  it("20 concurrent instant pays with one key make exactly one transaction and one charge", async () => {
    const m = inProcess(await newMerchant({ webhookUrl: TEST_WEBHOOK_URL })); // a counting adapter registered in this process
    const id = newPaymentId();
    // A LIVE channel whose adapter (the sandbox's behaviour) counts the charges the provider sees.
    let charges = 0;
    const pg = `COUNTING_${newId().slice(-8)}`;
    liveAdapters[pg] = {
      ...sandboxPaymentProvider,
      approveCard: async (input) => {
        charges += 1;
        return sandboxPaymentProvider.approveCard(input);
      },
    };
    const channelKey = `live-${newId()}`;
    await getDb()
      .insertInto("channels")
      .values({
        id: newId("ch_"),
        merchant_id: m.merchant_id,
        store_id: m.store_id,
        key: channelKey,
        name: "Counting",
        type: "LIVE",
        pg_provider: pg,
        pg_merchant_id: "mid",
        is_for_payment: 1,
        is_for_identity_verification: 0,
        created_at: Date.now(),
      })
      .execute();
    const body = cardPayBody(m, "4242424242424242", { channel_key: channelKey });
    process.env.SANDBOX_LATENCY_MS = "20";
    let results: ApiResult[];
    try {
      results = await Promise.all(
        Array.from({ length: 20 }, () =>
          m.api.post(`/v2/payments/${id}/instant/pay`, body, { "idempotency-key": `key-${id}` }),
        ),
      );
    } finally {
      delete process.env.SANDBOX_LATENCY_MS;
    }
    const firsts = results.filter((r) => r.status === 200 && r.headers.get("idempotent-replayed") !== "true");
    expect(firsts).toHaveLength(1);
    const txId = firsts[0]!.body.tx_id;
    for (const r of results) {
      if (r.status === 200) expect(r.body.tx_id).toBe(txId);
      else expectError(r, 409, "IDEMPOTENCY_REQUEST_IN_PROGRESS");
    }
    expect(await transactionCount(id)).toBe(1);
    expect(charges).toBe(1);
    expect(await webhookStatuses(id)).toEqual(["Paid"]);

    // After the first finished, the key replays it.
    const replay = await m.api.post(`/v2/payments/${id}/instant/pay`, body, { "idempotency-key": `key-${id}` });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(firsts[0]!.body);
  });

  it("a key reused with another body is 422 IDEMPOTENCY_KEY_REUSED", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    expect(
      (await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m), { "idempotency-key": "k1" })).status,
    ).toBe(200);
    expectError(
      await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, "4242424242424242", { total_amount: 1 }), {
        "idempotency-key": "k1",
      }),
      422,
      "IDEMPOTENCY_KEY_REUSED",
    );
  });

  it("a declined charge (5xx) is not kept as a response, but the same key answers the decline from the attempt it made (no second charge)", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const body = cardPayBody(m, "4000000000000002");
    for (let i = 0; i < 2; i++) {
      const res = await m.api.post(`/v2/payments/${id}/instant/pay`, body, { "idempotency-key": "retry-me" });
      expect(res.status).toBe(500);
      expect(res.headers.get("idempotent-replayed")).toBeNull();
      expect(res.body.params?.pg_code).toBe("CARD_DECLINED");
    }
    // The attempt carries the key, so the re-run answers from it; another try needs another key.
    expect(await transactionCount(id)).toBe(1);
    expect(
      (
        await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, "4242424242424242"), {
          "idempotency-key": "another-try",
        })
      ).status,
    ).toBe(200);
    expect(await transactionCount(id)).toBe(2);
  });

  it("a replayed cancel does not cancel twice; the other payment POSTs honour the key too", async () => {
    const m = await newMerchant();
    const id = await paidPayment(m);
    const cancels = await Promise.all(
      Array.from({ length: 5 }, () =>
        m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 1000 }, { "idempotency-key": `cancel-${id}` }),
      ),
    );
    expect(cancels.filter((r) => r.status === 200 && r.headers.get("idempotent-replayed") !== "true")).toHaveLength(1);
    const again = await m.api.post(
      `/v2/payments/${id}/cancel`,
      { cancel_amount: 1000 },
      { "idempotency-key": `cancel-${id}` },
    );
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].amount.cancelled).toBe(1000);

    const escrow = await paidPayment(m, "4242424242424242", { is_escrow: true });
    const logis = {
      sender: {},
      receiver: { address: { address_line_1: "a", address_line_2: "b" } },
      logistics_form: { company: "ETC", invoice_number: "1", sent_at: "2026-11-20T00:00:00Z" },
      send_email: false,
    };
    const first = await m.api.post(`/v2/payments/${escrow}/escrow/logis`, logis, {
      "idempotency-key": `logis-${escrow}`,
    });
    const second = await m.api.post(`/v2/payments/${escrow}/escrow/logis`, logis, {
      "idempotency-key": `logis-${escrow}`,
    });
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body).toEqual(first.body);
  });
});
