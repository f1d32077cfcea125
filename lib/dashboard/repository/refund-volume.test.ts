import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import type { CancellationsTable } from "@/lib/db/tables/payments";
import { newId } from "@/lib/ids";
import { foldPaymentCountDeltas } from "@/lib/payments/read/repository/count-fold";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { paidPayment } from "@/lib/testing/payments";
import { addStoreWithLimitedKey } from "@/lib/testing/tenants";
import { DAY, HOUR } from "@/lib/time";
import { startOfDay, zoneOffsetMs } from "../periods";
import type { PaidVolumeQuery } from "./paid-volume";
import { type RefundBucket, refundBuckets, refundRows } from "./refund-volume";

const DAY0 = Date.UTC(2026, 0, 10);
const sorted = (rows: RefundBucket[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The rollup's answer equals the joined rows', in every zone, bucket size and window, store and mode. */
async function expectExact(storeIds: string[]) {
  const now = Date.now();
  const ends = [now, DAY0 + 2 * DAY + 37 * 60_000, DAY0 + 3 * DAY - 1];
  for (const timeZone of ["Asia/Seoul", "UTC", "America/New_York", "Asia/Kolkata"]) {
    for (const end of ends) {
      for (const bucketMs of [DAY, HOUR]) {
        for (const storeId of storeIds) {
          for (const mode of ["LIVE", "TEST"] as const) {
            const q: PaidVolumeQuery = {
              storeId,
              mode,
              start: startOfDay(end, timeZone) - 4 * DAY,
              end,
              bucketMs,
              offsetMs: zoneOffsetMs(end, timeZone),
            };
            const rows = sorted(await refundRows(q));
            expect({ q, rows: sorted(await refundBuckets(q)) }).toEqual({ q, rows });
          }
        }
      }
    }
  }
}

describe("overview refunds from hourly rollups (migration 0093)", () => {
  it("equal the joined cancellations through full and partial cancels, moved, failed and deleted ones, and (PostgreSQL) folding", async () => {
    const m = inProcess(await newMerchant());
    const { storeId: second } = await addStoreWithLimitedKey(m.merchant_id);
    const stores = [m.store_id, second];

    // Through the API (11,000 KRW each): a full cancel, one partial, two partials, a partial then the rest.
    const cancel = async (id: string, body: Record<string, unknown>) => {
      const res = await m.api.post(`/v2/payments/${id}/cancel`, { reason: "refund", ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const paid = [];
    for (let i = 0; i < 5; i++) paid.push(await paidPayment(m));
    await cancel(paid[0]!, {});
    await cancel(paid[1]!, { cancel_amount: 1_000 });
    await cancel(paid[2]!, { cancel_amount: 1_000 });
    await cancel(paid[2]!, { cancel_amount: 2_000 });
    await cancel(paid[3]!, { cancel_amount: 4_000 });
    await cancel(paid[3]!, {});
    await expectExact(stores);

    // Straight rows: other stores, modes and currencies, spread over days and hours, some not (yet) refunded.
    const made: CancellationsTable[] = [];
    for (let i = 0; i < 24; i++) {
      const payment = await createPayment({
        merchantId: m.merchant_id,
        storeId: i % 5 === 0 ? second : m.store_id,
        outcome: "PAID",
        amount: 10_000 + i * 111,
        currency: i % 7 === 3 ? "USD" : "KRW",
        patch: i % 3 === 0 ? { channel_type: "LIVE" } : {},
      });
      const at = DAY0 - DAY + (i % 4) * DAY + ((i * 5) % 24) * HOUR + i * 60_000;
      const status = i % 6 === 5 ? "REQUESTED" : i % 6 === 4 ? "FAILED" : "SUCCEEDED";
      const row: CancellationsTable = {
        id: newId("cx_"),
        merchant_id: m.merchant_id,
        store_id: payment.store_id,
        transaction_id: payment.id,
        payment_id: payment.payment_id,
        status,
        cancel_amount: 500 + i * 37,
        tax_free_amount: 0,
        vat_amount: null,
        easy_pay_discount_amount: null,
        reason: "r",
        pg_cancellation_id: null,
        requested_at: at,
        cancelled_at: status === "SUCCEEDED" ? at : null,
        refund_account: null,
        failure_pg_code: null,
        failure_pg_message: null,
        lookup_due_at: null,
        lookup_attempts: 0,
        last_lookup_error: null,
        idempotency_key: null,
      };
      await getDb().insertInto("cancellations").values(row).execute();
      made.push(row);
    }
    await expectExact(stores);

    const set = (i: number, patch: Partial<CancellationsTable>) =>
      getDb().updateTable("cancellations").set(patch).where("id", "=", made[i]!.id).execute();
    await set(0, { cancelled_at: DAY0 + 2 * DAY + 10 * 60_000 }); // cancelled later: another hour and day
    await set(1, { cancel_amount: 1 }); // amount corrected
    await set(2, { status: "FAILED", cancelled_at: null }); // no longer a refund
    await set(5, { status: "SUCCEEDED", cancelled_at: DAY0 + 5 * HOUR }); // REQUESTED → SUCCEEDED
    await set(11, { status: "FAILED" }); // REQUESTED → FAILED: moves nothing
    await set(3, { lookup_attempts: 2, last_lookup_error: "x" }); // bookkeeping: moves nothing
    await getDb().deleteFrom("cancellations").where("id", "=", made[6]!.id).execute();
    await expectExact(stores);

    await foldPaymentCountDeltas();
    await expectExact(stores);
    const summed = await getDb()
      .selectFrom("refund_volume_hours")
      .select((eb) => [eb.fn.sum<number>("n").as("n"), eb.fn.sum<number>("amount").as("amount")])
      .where("store_id", "in", stores)
      .executeTakeFirstOrThrow();
    const raw = await getDb()
      .selectFrom("cancellations")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("cancel_amount").as("amount")])
      .where("store_id", "in", stores)
      .where("status", "=", "SUCCEEDED")
      .where("cancelled_at", "is not", null)
      .executeTakeFirstOrThrow();
    expect([Number(summed.n), Number(summed.amount)]).toEqual([Number(raw.n), Number(raw.amount)]);
  });
});
