import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { paidPayment } from "@/lib/testing/payments";
import { backdatePayment, backdateRefunds, setTossTerms } from "@/lib/testing/settlements";
import { deriveExpectedSettlements, overlapSchedule } from "./derive-expected";

async function rowsOf(paymentId: string, storeId: string) {
  return getDb()
    .selectFrom("settlements")
    .selectAll()
    .where("store_id", "=", storeId)
    .where("payment_id", "=", paymentId)
    .orderBy("kind")
    .execute();
}

describe("deriveExpectedSettlements", () => {
  it("pays a Friday card sale on Monday (D+1 across the weekend) with the contract's fee and VAT", async () => {
    const m = await newMerchant();
    await setTossTerms(m);
    const id = await paidPayment(m, "4242424242424242", { total_amount: 11_000 });
    await backdatePayment(id, m.store_id, "2026-11-27");
    await deriveExpectedSettlements({ storeId: m.store_id });
    const [row] = await rowsOf(id, m.store_id);
    expect(row).toMatchObject({ kind: "PAYMENT", status: "EXPECTED", sold_on: "2026-11-27", payout_on: "2026-11-30" });
    expect(Number(row!.gross)).toBe(11_000);
    expect(Number(row!.fee_total)).toBe(275);
    expect(Number(row!.vat_on_fees)).toBe(27);
    expect(Number(row!.net)).toBe(10_698);
    expect(JSON.parse(row!.fees)).toEqual([{ type: "RATE", amount: 275 }]);
  });

  it("skips a public holiday: a sale the day before Chuseok 2026 pays after it and the weekend", async () => {
    const m = await newMerchant();
    await setTossTerms(m);
    const id = await paidPayment(m);
    await backdatePayment(id, m.store_id, "2026-09-23");
    await deriveExpectedSettlements({ storeId: m.store_id });
    expect((await rowsOf(id, m.store_id))[0]).toMatchObject({ sold_on: "2026-09-23", payout_on: "2026-09-28" });
  });

  it("nets a partial refund on the payout of its own day, and derives each source once", async () => {
    const m = await newMerchant();
    await setTossTerms(m);
    const id = await paidPayment(m, "4242424242424242", { total_amount: 11_000 });
    const cancel = await m.api.post(`/v2/payments/${id}/cancel`, { reason: "one item", cancel_amount: 3_000 });
    expect(cancel.status).toBe(200);
    await backdatePayment(id, m.store_id, "2026-11-26");
    await backdateRefunds(id, m.store_id, "2026-11-26");
    await deriveExpectedSettlements({ storeId: m.store_id });
    await deriveExpectedSettlements({ storeId: m.store_id });
    const rows = await rowsOf(id, m.store_id);
    expect(rows.map((r) => [r.kind, r.sold_on, r.payout_on])).toEqual([
      ["PAYMENT", "2026-11-26", "2026-11-27"],
      ["REFUND", "2026-11-26", "2026-11-27"],
    ]);
    const refund = rows[1]!;
    expect([refund.gross, refund.fee_total, refund.vat_on_fees, refund.net].map(Number)).toEqual([
      -3_000, -75, -7, -2_918,
    ]);
    expect(rows.reduce((sum, r) => sum + Number(r.net), 0)).toBe(10_698 - 2_918);
  });

  it("uses the default terms (no fees) for a channel without a contract", async () => {
    const m = await newMerchant();
    const id = await paidPayment(m, "4242424242424242", { total_amount: 5_000 });
    await backdatePayment(id, m.store_id, "2026-11-26");
    await deriveExpectedSettlements({ storeId: m.store_id });
    const [row] = await rowsOf(id, m.store_id);
    expect([row!.gross, row!.fee_total, row!.vat_on_fees, row!.net].map(Number)).toEqual([5_000, 0, 0, 5_000]);
    expect(row!.payout_on).toBe("2026-11-27");
  });

  it("reads five minutes behind its cursor once a minute per cursor, twenty seconds on the runs between", () => {
    const overlap = overlapSchedule();
    expect(overlap("payments", 1_000_000)).toBe(300_000);
    expect(overlap("payments", 1_010_000)).toBe(20_000);
    expect(overlap("refunds", 1_010_000)).toBe(300_000);
    expect(overlap("payments", 1_059_999)).toBe(20_000);
    expect(overlap("payments", 1_060_000)).toBe(300_000);
    // A clock stepped back: the full re-read, not a minute of short ones.
    expect(overlap("payments", 900_000)).toBe(300_000);
  });
});
