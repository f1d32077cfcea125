import { describe, expect, it } from "vitest";
import { queriesBuilt } from "@/lib/db/statement-cache";
import { newId } from "@/lib/ids";
import { issueKey, payBody } from "@/lib/testing/billing";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId, paidPayment } from "@/lib/testing/payments";
import { quiet } from "@/lib/testing/quiet";

/** Queries Kysely built for one call of `act`: the fewest of three (background work only adds). */
async function builtPerCall(act: () => Promise<void>): Promise<number> {
  await act(); // the first call builds each statement once
  let fewest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    await quiet();
    const before = queriesBuilt();
    await act();
    fewest = Math.min(fewest, queriesBuilt() - before);
  }
  return fewest;
}

// Building a Kysely query costs more CPU than running an indexed read: the payment paths build none.
describe("statements built per money request", () => {
  it("instant pay, with and without an Idempotency-Key, builds none", async () => {
    const m = inProcess(await newMerchant());
    const pay = (key?: string) => async () => {
      const res = await m.api.post(
        `/v2/payments/${newPaymentId()}/instant/pay`,
        cardPayBody(m),
        key === undefined ? {} : { "idempotency-key": newId(key) },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    expect(await builtPerCall(pay())).toBe(0);
    expect(await builtPerCall(pay("k-"))).toBe(0);
  });

  it("billing-key pay, with and without an Idempotency-Key, builds none", async () => {
    const m = inProcess(await newMerchant());
    const billingKey = await issueKey(m);
    const pay = (key?: string) => async () => {
      const res = await m.api.post(
        `/v2/payments/${newPaymentId()}/billing-key/pay`,
        payBody(billingKey),
        key === undefined ? {} : { "idempotency-key": newId(key) },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    expect(await builtPerCall(pay())).toBe(0);
    expect(await builtPerCall(pay("k-"))).toBe(0);
  });

  it("cancel builds only its row locks and writes (5) and the sandbox provider's ledger (4)", async () => {
    const m = inProcess(await newMerchant());
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await paidPayment(m));
    const cancel = async () => {
      const res = await m.api.post(`/v2/payments/${ids.pop()}/cancel`, { reason: "changed mind" });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    // Before: its reads too (the cancellation twice, its transaction id, the refunded sum, the store's endpoint).
    expect(await builtPerCall(cancel)).toBeLessThanOrEqual(9);
  });
});
