import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";

describe("concurrent attempts on one payment id (no Idempotency-Key)", () => {
  it("at most one attempt runs and at most one charge is taken; the payment keeps one primary transaction", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    process.env.SANDBOX_LATENCY_MS = "10";
    let results: { status: number; body: { code?: string } }[];
    try {
      results = await Promise.all(
        Array.from({ length: 30 }, () => m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m))),
      );
    } finally {
      delete process.env.SANDBOX_LATENCY_MS;
    }
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(["INVALID_REQUEST", "PAYMENT_ALREADY_PAID"]).toContain(r.body.code);
    }
    const rows = await getDb()
      .selectFrom("transactions")
      .select(["is_primary", "status"])
      .where("payment_id", "=", id)
      .execute();
    expect(rows).toEqual([{ is_primary: 1, status: "PAID" }]);
  });
});
