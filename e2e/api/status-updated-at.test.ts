import { afterEach, describe, expect, it, vi } from "vitest";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { apiAs } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId, virtualAccountPayBody } from "@/lib/testing/payments";
import { DAY, HOUR } from "@/lib/time";

const STEP = 4 * HOUR;

/**
 * `timestamp_type=STATUS_UPDATED_AT` means the time of the final state: paid time, cancel time,
 * fail time, and the request time while ready (spec, GET /v2/payments). Driven through the real
 * API flows, hours apart each (only Date is faked), so each time can be told from the others.
 */
type M = Awaited<ReturnType<typeof newMerchant>>;

afterEach(() => {
  vi.useRealTimers();
});

const iso = (ms: number) => new Date(ms).toISOString();
function at(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"], now: ms });
}

async function idsIn(m: M, type: "STATUS_UPDATED_AT" | "REQUESTED_AT", from: number, to: number) {
  const res = await m.api.get(`/v2/payments?timestamp_type=${type}&start=${iso(from)}&end=${iso(to)}&limit=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.payments as { id: string }[]).map((p) => p.id).sort();
}

describe("STATUS_UPDATED_AT through real flows", () => {
  it("is the paid, cancelled, failed or issued time, and the window filters on it", async () => {
    const day0 = Date.now() - 10 * DAY;
    at(day0);
    const m = await newMerchant();
    const [paid, cancelled, failed, issued] = [newPaymentId(), newPaymentId(), newPaymentId(), newPaymentId()];
    expect((await m.api.post(`/v2/payments/${paid}/instant/pay`, cardPayBody(m))).status).toBe(200);
    expect((await m.api.post(`/v2/payments/${cancelled}/instant/pay`, cardPayBody(m))).status).toBe(200);
    expect((await m.api.post(`/v2/payments/${issued}/instant/pay`, virtualAccountPayBody(m))).status).toBe(200);
    at(day0 + STEP);
    expect((await m.api.post(`/v2/payments/${failed}/instant/pay`, cardPayBody(m, "4000000000000002"))).status).toBe(
      500,
    );
    at(day0 + 2 * STEP);
    expect((await m.api.post(`/v2/payments/${cancelled}/cancel`, { reason: "changed mind" })).status).toBe(200);
    at(day0 + 3 * STEP);
    expect((await m.api.post(`/v2/test-payments/${issued}/notice-virtual-account-deposit`)).status).toBe(200);
    vi.useRealTimers();
    const reader = { ...m, api: apiAs((await loginWithApiKey(m.api_key)).accessToken) }; // m's token is 10 days old

    const tx = async (id: string) => (await reader.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    // [payment, its final status, the member status_updated_at must equal, the step it happened at]
    const expected = [
      [paid, "PAID", "paid_at", 0],
      [failed, "FAILED", "failed_at", 1],
      [cancelled, "CANCELLED", "cancelled_at", 2],
      [issued, "PAID", "paid_at", 3],
    ] as const;
    for (const [id, status, member, step] of expected) {
      const t = await tx(id);
      expect({ status: t.status, status_updated_at: t.status_updated_at }).toEqual({
        status,
        status_updated_at: t[member],
      });
      expect(Date.parse(t[member])).toBeGreaterThanOrEqual(day0 + step * STEP);
      expect(Date.parse(t[member])).toBeLessThan(day0 + step * STEP + HOUR);
    }

    const window = (step: number) => [day0 + step * STEP - HOUR, day0 + step * STEP + HOUR] as const;
    expect(await idsIn(reader, "STATUS_UPDATED_AT", ...window(0))).toEqual([paid]);
    expect(await idsIn(reader, "STATUS_UPDATED_AT", ...window(1))).toEqual([failed]);
    expect(await idsIn(reader, "STATUS_UPDATED_AT", ...window(2))).toEqual([cancelled]);
    expect(await idsIn(reader, "STATUS_UPDATED_AT", ...window(3))).toEqual([issued]);
    expect(await idsIn(reader, "REQUESTED_AT", ...window(0))).toEqual([paid, cancelled, issued].sort());
    expect(await idsIn(reader, "REQUESTED_AT", ...window(2))).toEqual([]);
  });
});
