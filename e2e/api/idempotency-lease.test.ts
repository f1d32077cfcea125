import { describe, expect, it } from "vitest";
import { sha256 } from "@/lib/crypto";
import { getDb } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";

async function transactionCount(paymentId: string): Promise<number> {
  return (await getDb().selectFrom("transactions").select("id").where("payment_id", "=", paymentId).execute()).length;
}

describe("Idempotency-Key leases (CONTRACT §12)", () => {
  it("a key left RUNNING by a crashed request is taken over once its lease ended: the retry runs, then replays", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const body = cardPayBody(m);
    const path = `/v2/payments/${id}/instant/pay`;
    // What a process killed mid-request two minutes ago left behind (written with the columns
    // every version has, as the request that died would have written them).
    await getDb()
      .insertInto("idempotency_keys")
      .values({
        merchant_id: m.merchant_id,
        idempotency_key: "crashed",
        request_hash: sha256(`POST ${path} ${JSON.stringify(body)}`),
        state: "RUNNING",
        response_status: null,
        response_body: null,
        created_at: Date.now() - 120_000,
      } as never)
      .execute();

    const retry = await m.api.post(path, body, { "idempotency-key": "crashed" });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(retry.body.tx_id).toEqual(expect.any(String));
    const again = await m.api.post(path, body, { "idempotency-key": "crashed" });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(retry.body);
    expect(await transactionCount(id)).toBe(1);
  });
});
