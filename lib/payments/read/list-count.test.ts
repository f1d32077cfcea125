import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { addStoreWithLimitedKey } from "@/lib/testing/tenants";
import { newMerchant } from "@/lib/testing/fixtures";
import { DAY } from "@/lib/time";
import { foldPaymentCountDeltas } from "./repository/count-fold";
import { countPayments } from "./repository/count";
import { filteredPayments, type PaymentScope } from "./repository/filters";
import { paymentFilterQuery } from "./schema";

const HOUR = 3_600_000;
const DAY0 = Date.UTC(2026, 0, 10);

async function exactCount(scope: PaymentScope, query: Record<string, unknown>, window: { start: number; end: number }) {
  const filters = paymentFilterQuery.parse(query);
  const row = await filteredPayments(scope, filters, window)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every filter the counters answer, over windows with and without partial days, equals a row count. */
async function expectCountsExact(scope: PaymentScope) {
  const windows = [
    { start: DAY0 + 5 * HOUR, end: DAY0 + 3 * DAY + 7 * HOUR }, // partial first and last days
    { start: DAY0, end: DAY0 + 4 * DAY - 1 }, // whole days only
    { start: DAY0 + HOUR, end: DAY0 + 20 * HOUR }, // inside one day
    { start: DAY0 - 30 * DAY, end: DAY0 + 30 * DAY },
  ];
  const queries = [
    {},
    { status: "PAID" },
    { status: ["FAILED", "CANCELLED"] },
    { is_test_payment: "true" },
    { is_test_payment: "false", status: "PAID" },
    { timestamp_type: "REQUESTED_AT" },
    { timestamp_type: "REQUESTED_AT", status: "FAILED" },
    { methods: "CARD" },
    { is_scheduled_payment: "true" },
    { is_scheduled_payment: "false" },
    { is_scheduled_payment: "false", status: "PAID", timestamp_type: "REQUESTED_AT" },
  ];
  for (const window of windows) {
    for (const query of queries) {
      const expected = await exactCount(scope, query, window);
      expect({ window, query, n: await countPayments(scope, paymentFilterQuery.parse(query), window) }).toEqual({
        window,
        query,
        n: expected,
      });
    }
  }
}

describe("total_count from per-day counters", () => {
  it("equals the row count for every window and filter, through inserts, status changes, retries and deletes", async () => {
    const m = await newMerchant();
    const { storeId: second } = await addStoreWithLimitedKey(m.merchant_id);
    const made: Awaited<ReturnType<typeof createPayment>>[] = [];
    for (let i = 0; i < 24; i++) {
      const at = DAY0 + Math.floor(i / 6) * DAY + (i % 6) * 4 * HOUR + 17 * 60_000;
      made.push(
        await createPayment({
          merchantId: m.merchant_id,
          storeId: i % 5 === 0 ? second : m.store_id,
          outcome: i % 4 === 0 ? "FAILED" : "PAID",
          at: { requested: at, statusUpdated: at + (i % 3) * 7 * HOUR, created: at },
          patch: i % 3 === 0 ? { channel_type: "LIVE" } : {},
          scheduleId: i % 7 === 2 ? `sch-${m.merchant_id}-${i}` : undefined,
        }),
      );
    }
    const kept = async (table: "payment_counts" | "payment_count_deltas", column: "n" | "delta") =>
      Number(
        (
          await getDb()
            .selectFrom(table)
            .select((eb) => eb.fn.sum<number>(column).as("n"))
            .where("merchant_id", "=", m.merchant_id)
            .where("time_type", "=", "STATUS_UPDATED_AT")
            .executeTakeFirstOrThrow()
        ).n ?? 0,
      );
    expect((await kept("payment_counts", "n")) + (await kept("payment_count_deltas", "delta"))).toBe(24);
    const scopes: PaymentScope[] = [
      { merchantId: m.merchant_id },
      { merchantId: m.merchant_id, storeId: m.store_id },
      { merchantId: m.merchant_id, storeId: second },
    ];
    for (const scope of scopes) await expectCountsExact(scope);

    // A cancellation moves a payment to another status and, later, another day.
    await getDb()
      .updateTable("transactions")
      .set({ status: "CANCELLED", status_updated_at: DAY0 + 2 * DAY + 3 * HOUR })
      .where("id", "=", made[1]!.id)
      .execute();
    // A retry: the old attempt stops being primary.
    await getDb().updateTable("transactions").set({ is_primary: 0 }).where("id", "=", made[4]!.id).execute();
    await getDb().deleteFrom("transactions").where("id", "=", made[7]!.id).execute();
    // Changes that move no count (same day, same status) are fine too.
    await getDb()
      .updateTable("transactions")
      .set({ updated_at: DAY0, status_updated_at: made[9]!.status_updated_at + 1 })
      .where("id", "=", made[9]!.id)
      .execute();
    for (const scope of scopes) await expectCountsExact(scope);

    await foldPaymentCountDeltas();
    for (const scope of scopes) await expectCountsExact(scope);
  });

  it("GET /v2/payments total_count agrees with the rows it pages through", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 7; i++)
      await createPayment({
        merchantId: m.merchant_id,
        storeId: m.store_id,
        at: { requested: DAY0 + i * 11 * HOUR, statusUpdated: DAY0 + i * 11 * HOUR },
      });
    const query = `start=${new Date(DAY0 + 2 * HOUR).toISOString()}&end=${new Date(DAY0 + 3 * DAY).toISOString()}&limit=2`;
    const page = await m.api.get(`/v2/payments?${query}`);
    expect(page.status).toBe(200);
    expect(page.body.total_count).toBe(6);
    expect(page.body.total_page).toBe(3);
  });

  it("pages through several statuses in time order, each payment once (one ordered range per status, merged)", async () => {
    const m = await newMerchant();
    const made: Awaited<ReturnType<typeof createPayment>>[] = [];
    for (let i = 0; i < 9; i++) {
      const at = DAY0 + i * HOUR;
      made.push(
        await createPayment({
          merchantId: m.merchant_id,
          storeId: m.store_id,
          outcome: i % 3 === 0 ? "FAILED" : "PAID",
          at: { requested: at, statusUpdated: at },
        }),
      );
    }
    await getDb().updateTable("transactions").set({ status: "CANCELLED" }).where("id", "=", made[4]!.id).execute();
    const window = `start=${new Date(DAY0).toISOString()}&end=${new Date(DAY0 + DAY).toISOString()}`;
    const seen: string[] = [];
    for (let page = 0; page < 3; page++) {
      const res = await m.api.get(`/v2/payments?${window}&status=FAILED&status=CANCELLED&limit=2&page=${page}`);
      expect(res.status).toBe(200);
      expect(res.body.total_count).toBe(4);
      seen.push(...res.body.payments.map((p: { id: string }) => p.id));
    }
    // Newest first: 6 (FAILED), 4 (CANCELLED), 3 (FAILED), 0 (FAILED).
    expect(seen).toEqual([6, 4, 3, 0].map((i) => made[i]!.payment_id));
  });
});
