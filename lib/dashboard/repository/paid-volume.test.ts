import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { foldPaymentCountDeltas } from "@/lib/payments/read/repository/count-fold";
import { newMerchant } from "@/lib/testing/fixtures";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { addStoreWithLimitedKey } from "@/lib/testing/tenants";
import { DAY, HOUR } from "@/lib/time";
import { paidBuckets, paidRows, type PaidBucket, type PaidVolumeQuery } from "./paid-volume";
import { startOfDay, zoneOffsetMs } from "../periods";

const DAY0 = Date.UTC(2026, 0, 10);
const sorted = (rows: PaidBucket[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The rollup's answer equals the rows', in every zone, bucket size and window, store and mode. */
async function expectExact(storeIds: string[]) {
  const zones = ["Asia/Seoul", "UTC", "America/New_York", "Asia/Kolkata"];
  const ends = [DAY0 + 2 * DAY + 37 * 60_000, DAY0 + 3 * DAY - 1, DAY0 + 5 * HOUR];
  for (const timeZone of zones) {
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
            const rows = sorted(await paidRows(q));
            expect({ q, rows: sorted(await paidBuckets(q)) }).toEqual({ q, rows });
          }
        }
      }
    }
  }
}

describe("overview paid volume from hourly rollups (migration 0092)", () => {
  it("equals the paid rows through payments, moved and changed payments, deletes, and (PostgreSQL) folding", async () => {
    const m = await newMerchant();
    const { storeId: second } = await addStoreWithLimitedKey(m.merchant_id);
    const made: Awaited<ReturnType<typeof createPayment>>[] = [];
    for (let i = 0; i < 30; i++) {
      const payment = await createPayment({
        merchantId: m.merchant_id,
        storeId: i % 5 === 0 ? second : m.store_id,
        outcome: i % 6 === 0 ? "FAILED" : "PAID",
        amount: 1_000 + i * 111,
        currency: i % 7 === 3 ? "USD" : "KRW",
        patch: i % 3 === 0 ? { channel_type: "LIVE" } : {},
      });
      // Spread over three days, including the reader's midnight hours of each zone and the last partial hour.
      const paidAt = payment.paid_at === null ? null : DAY0 - DAY + (i % 4) * DAY + ((i * 5) % 24) * HOUR + i * 60_000;
      await getDb()
        .updateTable("transactions")
        .set({
          paid_at: paidAt,
          ...(i % 4 === 1 ? { method: "VIRTUAL_ACCOUNT", pg_provider: "KCP_V2" } : {}),
          ...(i % 8 === 2 ? { method: null } : {}),
        })
        .where("id", "=", payment.id)
        .execute();
      made.push(payment);
    }
    const stores = [m.store_id, second];
    await expectExact(stores);

    const set = (i: number, patch: Partial<TransactionsTable>) =>
      getDb().updateTable("transactions").set(patch).where("id", "=", made[i]!.id).execute();
    await set(1, { paid_at: DAY0 + 2 * DAY + 10 * 60_000 }); // paid later: another hour and day
    await set(2, { paid_amount: 1 }); // amount corrected
    await set(4, { paid_at: null }); // no longer paid
    await set(7, { method: "TRANSFER", pg_provider: "NICE_V2" }); // other dimensions
    await set(8, { channel_type: "LIVE" }); // other mode
    await set(9, { status: "CANCELLED", status_updated_at: DAY0 }); // moves no volume
    await getDb().deleteFrom("transactions").where("id", "=", made[10]!.id).execute();
    await expectExact(stores);

    await foldPaymentCountDeltas();
    await expectExact(stores);
    const summed = await getDb()
      .selectFrom("paid_volume_hours")
      .select((eb) => eb.fn.sum<number>("n").as("n"))
      .where("store_id", "in", stores)
      .executeTakeFirstOrThrow();
    const paid = await getDb()
      .selectFrom("transactions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("store_id", "in", stores)
      .where("paid_at", "is not", null)
      .executeTakeFirstOrThrow();
    expect(Number(summed.n)).toBe(Number(paid.n));
  });
});
