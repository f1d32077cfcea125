import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { dialect, getDb } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { settleAttempt } from "@/lib/payments/pay/settle-attempt";
import { foldPaymentCountDeltas } from "@/lib/payments/read/repository/count-fold";
import { dashboardContextOf } from "@/lib/testing/dashboard-context";
import { newMerchant } from "@/lib/testing/fixtures";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { insertStore } from "@/lib/tenancy/insert-store";
import { getStoreKpis, listStoreVolumes } from "./store-volumes";

const DAY = 86_400_000;

/** FAILED attempts of a store and mode counted row by row: what the roll-up must equal. */
async function directCount(storeId: string, mode: "LIVE" | "TEST", start: number, end: number) {
  const row = await getDb()
    .selectFrom("transactions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("store_id", "=", storeId)
    .where("channel_type", "=", mode)
    .where("status", "=", sql.lit("FAILED"))
    .where("failed_at", ">=", start)
    .where("failed_at", "<=", end)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The roll-up's own total for a store (hours plus, on PostgreSQL, deltas not yet folded). */
async function rolledUp(storeId: string) {
  const sum = async (table: "failed_attempt_hours" | "failed_attempt_deltas") =>
    Number(
      (
        await getDb()
          .selectFrom(table)
          .select((eb) => eb.fn.sum<number>("n").as("n"))
          .where("store_id", "=", storeId)
          .executeTakeFirst()
      )?.n ?? 0,
    );
  return (await sum("failed_attempt_hours")) + (dialect() === "postgres" ? await sum("failed_attempt_deltas") : 0);
}

describe("failed attempts from the hourly roll-up", () => {
  it("keeps the failed count per store equal to a direct count, as attempts settle FAILED", async () => {
    const m = await newMerchant({ hosting: true });
    const other = await newMerchant({ hosting: true });
    const second = await transaction((tx) =>
      insertStore(tx, { merchantId: m.merchant_id, name: "Second", isDefault: false }),
    );
    const now = Date.now();
    const at = (storeId: string) => ({ merchantId: m.merchant_id, storeId });
    // Failed days ago (whole hours, read from the roll-up) and just now (the tail read row by row).
    await createPayment({ ...at(m.store_id), outcome: "FAILED", patch: { failed_at: now - 3 * DAY } });
    await createPayment({ ...at(m.store_id), outcome: "FAILED", patch: { failed_at: now - 40 * DAY } });
    await createPayment({ ...at(m.store_id), outcome: "FAILED" });
    await createPayment({ ...at(m.store_id) });
    await createPayment({ ...at(second.id), outcome: "FAILED", patch: { failed_at: now - 2 * DAY } });
    await createPayment({ merchantId: other.merchant_id, storeId: other.store_id, outcome: "FAILED" });
    const pending = await createPayment({ ...at(second.id), outcome: "PENDING" });

    const ctx = dashboardContextOf(m, [m.store_id, second.id]);
    const input = { period: "30d", mode: "TEST", sort: "name", desc: false, now: now + 1_000 } as const;
    const failedOf = async () =>
      Object.fromEntries((await listStoreVolumes({ ctx, input })).map((r) => [r.storeId, r.failed]));
    const start = now - 30 * DAY - 3_600_000;
    expect(await failedOf()).toEqual({ [m.store_id]: 2, [second.id]: 1 });
    expect(await directCount(m.store_id, "TEST", start, now + 1_000)).toBe(2);
    expect(await rolledUp(m.store_id)).toBe(3);
    expect(await rolledUp(second.id)).toBe(1);

    // The pending attempt settles FAILED through the pay path: the roll-up moves in that transaction.
    await settleAttempt(pending.id, { kind: "declined", failure: { ok: false, pgCode: "LIMIT", pgMessage: "limit" } });
    expect(await rolledUp(second.id)).toBe(2);
    await getDb()
      .updateTable("transactions")
      .set({ failed_at: now - 5 * DAY })
      .where("id", "=", pending.id)
      .execute();
    expect(await failedOf()).toEqual({ [m.store_id]: 2, [second.id]: 2 });
    expect(await directCount(second.id, "TEST", start, now + 1_000)).toBe(2);

    // The figures page: the period and the one before, each equal to a direct count.
    const kpis = await getStoreKpis({
      ctx,
      input: { storeId: m.store_id, period: "30d", mode: "TEST", now: now + 1_000 },
    });
    expect([kpis.failed, kpis.previous.failed]).toEqual([2, 1]);
    expect(await directCount(m.store_id, "LIVE", 0, now + 1_000)).toBe(0);
    expect((await listStoreVolumes({ ctx, input: { ...input, mode: "LIVE" } })).every((r) => r.failed === 0)).toBe(
      true,
    );

    // Folding PostgreSQL's deltas changes nothing a reader sees.
    await foldPaymentCountDeltas();
    expect(await failedOf()).toEqual({ [m.store_id]: 2, [second.id]: 2 });
    expect(await rolledUp(m.store_id)).toBe(3);
    expect(await rolledUp(other.store_id)).toBe(1);
  });
});
