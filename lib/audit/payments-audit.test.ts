import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";
import { sealedAuditLog, sealedAuditVerify } from "@/lib/testing/audit";

describe("audit log of payments (the state machines' transition functions)", () => {
  it("paying and cancelling over the API are recorded under the key, in the payment's name, and the chain verifies", async () => {
    const m = inProcess(await newMerchant());
    const id = newPaymentId();
    expect(
      (await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, undefined, { total_amount: 15000 }))).status,
    ).toBe(200);
    const cancel = await m.api.post(`/v2/payments/${id}/cancel`, { reason: "customer asked", cancel_amount: 5000 });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const key = await getDb()
      .selectFrom("api_keys")
      .select(["id", "key_prefix"])
      .where("merchant_id", "=", m.merchant_id)
      .executeTakeFirstOrThrow();
    const { entries } = await sealedAuditLog(m.merchant_id, { target: id });
    const moves = entries.reverse().map((e) => [e.action, e.summary.before?.status, e.summary.after?.status]);
    expect(moves).toContainEqual(["payment.status_change", "PENDING", "PAID"]);
    expect(moves).toContainEqual(["payment.status_change", "PAID", "PARTIAL_CANCELLED"]);
    expect(moves.some(([action, , to]) => action === "cancellation.status_change" && to === "SUCCEEDED")).toBe(true);
    for (const e of entries)
      expect(e).toMatchObject({ actorType: "API_KEY", actorId: key.id, actorName: `default (${key.key_prefix}…)` });
    expect(entries.find((e) => e.summary.after?.status === "PARTIAL_CANCELLED")?.summary.after?.cancelled_amount).toBe(
      5000,
    );
    expect((await sealedAuditVerify(m.merchant_id)).ok).toBe(true);
  });

  it("concurrent payments of one merchant: each recorded, and the chain verifies once sealed", async () => {
    const m = inProcess(await newMerchant());
    const ids = Array.from({ length: 8 }, () => newPaymentId());
    const paid = await Promise.all(
      ids.map((id) => m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, undefined, { total_amount: 1000 }))),
    );
    expect(paid.map((r) => r.status)).toEqual(ids.map(() => 200));
    const { entries } = await sealedAuditLog(m.merchant_id, { action: "payment.status_change" });
    expect(
      entries
        .filter((e) => e.summary.after?.status === "PAID")
        .map((e) => e.targetId)
        .sort(),
    ).toEqual([...ids].sort());
    expect(entries.every((e) => e.seq !== null)).toBe(true);
    expect(await sealedAuditVerify(m.merchant_id)).toMatchObject({ ok: true, unsealed: 0, breaks: [] });
  });

  it("a refused cancel (more than is left) writes no entry", async () => {
    const m = inProcess(await newMerchant());
    const id = newPaymentId();
    expect(
      (await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, undefined, { total_amount: 1000 }))).status,
    ).toBe(200);
    const before = (await sealedAuditLog(m.merchant_id, {})).entries.length;
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { reason: "too much", cancel_amount: 5000 })).status).toBe(
      400,
    );
    expect((await sealedAuditLog(m.merchant_id, {})).entries).toHaveLength(before);
  });
});
