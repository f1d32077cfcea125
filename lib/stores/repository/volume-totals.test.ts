import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import type { CancellationsTable, TransactionsTable } from "@/lib/db/tables/payments";
import { newId } from "@/lib/ids";
import { foldPaymentCountDeltas } from "@/lib/payments/read/repository/count-fold";
import { newMerchant } from "@/lib/testing/fixtures";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { insertStore } from "@/lib/tenancy/insert-store";
import { DAY, HOUR } from "@/lib/time";
import { storeTotals, type StoreTotals, type TotalsQuery } from "./volume-totals";

const END = Date.UTC(2026, 5, 15, 13, 37, 12);

/** A store's figures summed from the payments and cancellations themselves: what the roll-ups must equal. */
async function fromRows(storeId: string, q: TotalsQuery): Promise<StoreTotals> {
  const { rows } = await sql<{ count: number; volume: number; failed: number; refund_count: number; refunds: number }>`
    select
      (select count(*) from transactions where store_id = ${storeId} and channel_type = ${q.mode}
        and paid_at >= ${q.start} and paid_at <= ${q.end}) as count,
      (select coalesce(sum(paid_amount), 0) from transactions where store_id = ${storeId} and channel_type = ${q.mode}
        and currency = 'KRW' and paid_at >= ${q.start} and paid_at <= ${q.end}) as volume,
      (select count(*) from transactions where store_id = ${storeId} and channel_type = ${q.mode}
        and status = 'FAILED' and failed_at >= ${q.start} and failed_at <= ${q.end}) as failed,
      (select count(*) from cancellations c join transactions t on t.id = c.transaction_id
        where c.store_id = ${storeId} and t.channel_type = ${q.mode} and c.status = 'SUCCEEDED'
        and c.cancelled_at >= ${q.start} and c.cancelled_at <= ${q.end}) as refund_count,
      (select coalesce(sum(c.cancel_amount), 0) from cancellations c join transactions t on t.id = c.transaction_id
        where c.store_id = ${storeId} and t.channel_type = ${q.mode} and t.currency = 'KRW' and c.status = 'SUCCEEDED'
        and c.cancelled_at >= ${q.start} and c.cancelled_at <= ${q.end}) as refunds`.execute(getDb());
  const r = rows[0]!;
  return {
    count: Number(r.count),
    volume: Number(r.volume),
    failed: Number(r.failed),
    refundCount: Number(r.refund_count),
    refunds: Number(r.refunds),
  };
}

/** Every period up to a year, ending mid-hour, on a UTC midnight and just before one, equals the rows. */
async function expectExact(storeIds: string[]) {
  const midnight = Math.floor(END / DAY) * DAY;
  for (const end of [END, midnight, midnight - 1, END - 20 * DAY]) {
    for (const days of [1, 7, 30, 90, 365]) {
      for (const mode of ["LIVE", "TEST"] as const) {
        const q = { storeIds, mode, start: Math.floor((end - days * DAY) / HOUR) * HOUR, end };
        const totals = await storeTotals(q);
        for (const id of storeIds)
          expect({ id, q, totals: totals.get(id) }).toEqual({ id, q, totals: await fromRows(id, q) });
      }
    }
  }
}

describe("store totals from the day and hour roll-ups (migration 0180)", () => {
  it("equal the summed rows over periods up to a year, through changes, deletes and (PostgreSQL) folding", async () => {
    const m = await newMerchant({ hosting: true });
    const other = await newMerchant({ hosting: true });
    const second = await transaction((tx) =>
      insertStore(tx, { merchantId: m.merchant_id, name: "Second", isDefault: false }),
    );
    const stores = [m.store_id, second.id];
    const made: TransactionsTable[] = [];
    const refunds: string[] = [];
    for (let i = 0; i < 40; i++) {
      // Spread over 400 days before END: whole days, the partial days at a period's edges, the last hour.
      const at = END - ((i * 37) % 400) * DAY - ((i * 5) % 24) * HOUR - ((i * 13) % 60) * 60_000;
      const failed = i % 6 === 0;
      const merchant = i % 11 === 10 ? other : m;
      const payment = await createPayment({
        merchantId: merchant.merchant_id,
        storeId: merchant === other ? other.store_id : i % 4 === 1 ? second.id : m.store_id,
        outcome: failed ? "FAILED" : "PAID",
        amount: 1_000 + i * 111,
        currency: i % 7 === 3 ? "USD" : "KRW",
        patch: { channel_type: i % 3 === 0 ? "LIVE" : "TEST", ...(failed ? { failed_at: at } : { paid_at: at }) },
      });
      made.push(payment);
      if (failed || i % 3 !== 2) continue;
      const id = newId("cx_");
      const cancel: CancellationsTable = {
        id,
        merchant_id: payment.merchant_id,
        store_id: payment.store_id,
        transaction_id: payment.id,
        payment_id: payment.payment_id,
        status: "SUCCEEDED",
        cancel_amount: 100 + i,
        tax_free_amount: 0,
        vat_amount: null,
        easy_pay_discount_amount: null,
        reason: "r",
        pg_cancellation_id: null,
        requested_at: at + 5 * DAY,
        cancelled_at: Math.min(END - 60_000, at + 5 * DAY),
        refund_account: null,
        failure_pg_code: null,
        failure_pg_message: null,
        lookup_due_at: null,
        lookup_attempts: 0,
        last_lookup_error: null,
        idempotency_key: null,
      };
      await getDb().insertInto("cancellations").values(cancel).execute();
      refunds.push(id);
    }
    await expectExact(stores);

    // Folded (PostgreSQL), then changed again: some days come from the tables, some from deltas.
    await foldPaymentCountDeltas();
    await expectExact(stores);
    const set = (i: number, patch: Partial<TransactionsTable>) =>
      getDb().updateTable("transactions").set(patch).where("id", "=", made[i]!.id).execute();
    await set(1, { paid_at: END - 200 * DAY }); // paid another day
    await set(2, { paid_amount: 1 }); // amount corrected
    await set(4, { paid_at: null }); // no longer paid
    await set(6, { failed_at: END - 3 * DAY - 7 * HOUR }); // failed another day
    await set(7, { channel_type: "LIVE" }); // other mode
    await getDb().deleteFrom("transactions").where("id", "=", made[9]!.id).execute();
    await getDb()
      .updateTable("cancellations")
      .set({ cancelled_at: END - 45 * DAY })
      .where("id", "=", refunds[0]!)
      .execute();
    await getDb().deleteFrom("cancellations").where("id", "=", refunds[1]!).execute();
    await expectExact(stores);
    await foldPaymentCountDeltas();
    await expectExact(stores);
  });
});
