import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { paidPayment } from "@/lib/testing/payments";
import { backdatePayment, backdateRefunds, setTossTerms } from "@/lib/testing/settlements";
import { koreaDate } from "./business-days";
import { checkSettlements } from "./check-settlements";
import { deriveExpectedSettlements } from "./derive-expected";
import { RECORD_GRACE_MS } from "./rematch";
import { type PgSettlementRow, recordConfirmedSettlements } from "./record-confirmed";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;
const DAY = 86_400_000;

/** The checks over the last 30 days, as if run `later` ms from now (default an hour: past the derivation's grace). */
function check(m: Merchant, later = 3_600_000) {
  const now = Date.now() + later;
  return checkSettlements({ since: now - 30 * DAY, until: now, merchantId: m.merchant_id, storeId: m.store_id }, now);
}

async function tossChannel(m: Merchant) {
  return getDb()
    .selectFrom("channels")
    .select(["id", "merchant_id", "store_id", "pg_provider"])
    .where("store_id", "=", m.store_id)
    .where("pg_provider", "=", "TOSSPAYMENTS")
    .where("type", "=", "TEST")
    .executeTakeFirstOrThrow();
}

async function transactionOf(m: Merchant, paymentId: string) {
  return getDb()
    .selectFrom("transactions")
    .selectAll()
    .where("store_id", "=", m.store_id)
    .where("payment_id", "=", paymentId)
    .executeTakeFirstOrThrow();
}

/** A Toss-style report row for a payment, with the contract's fees (2.5%, VAT 10%) unless told. */
function pgRow(orderId: string, amount: number, over: Partial<PgSettlementRow> = {}): PgSettlementRow {
  const fee = Math.round(amount * 0.025);
  return {
    pg_key: `tk_${orderId}_${over.kind ?? "PAYMENT"}`,
    kind: "PAYMENT",
    order_id: orderId,
    method: "CARD",
    currency: "KRW",
    amount,
    fees: [{ type: "BASE", amount: fee }],
    vat_on_fees: Math.floor(fee / 10),
    sold_on: "2026-11-26",
    payout_on: "2026-11-27",
    ...over,
  };
}

/** A payment sold a week ago (so its payout date has passed), derived and checked clean. */
async function settledSale(m: Merchant, amount = 11_000) {
  const id = await paidPayment(m, "4242424242424242", { total_amount: amount });
  await backdatePayment(id, m.store_id, koreaDate(Date.now() - 7 * DAY));
  await deriveExpectedSettlements({ storeId: m.store_id });
  return { id, tx: await transactionOf(m, id) };
}

describe("settlement checks", () => {
  it("find nothing when every payment and refund is settled as contracted", async () => {
    const m = await newMerchant();
    await setTossTerms(m);
    const { id, tx } = await settledSale(m);
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { reason: "x", cancel_amount: 3_000 })).status).toBe(200);
    await deriveExpectedSettlements({ storeId: m.store_id });
    await recordConfirmedSettlements(await tossChannel(m), [pgRow(tx.id, 11_000)]);
    expect(await check(m)).toEqual([]);
  });

  it("report a paid payment that no settlement covers", async () => {
    const m = await newMerchant();
    await setTossTerms(m);
    const id = await paidPayment(m);
    const found = await check(m);
    expect(found).toEqual([expect.objectContaining({ kind: "settlement_missing", payment_id: id, ours: 11_000 })]);
  });

  it("report a payment the PG settled twice", async () => {
    const m = await newMerchant();
    await setTossTerms(m);
    const { id, tx } = await settledSale(m);
    const channel = await tossChannel(m);
    await recordConfirmedSettlements(channel, [pgRow(tx.id, 11_000), pgRow(tx.id, 11_000, { pg_key: "tk_again" })]);
    // Recording the same report again changes nothing (idempotent on the PG's keys).
    await recordConfirmedSettlements(channel, [pgRow(tx.id, 11_000), pgRow(tx.id, 11_000, { pg_key: "tk_again" })]);
    expect(await check(m)).toEqual([expect.objectContaining({ kind: "settled_twice", payment_id: id, tx_id: tx.id })]);
  });

  it("report a refund netted on another day than its own, and one not netted at all", async () => {
    const m = await newMerchant();
    await setTossTerms(m);
    const { id, tx } = await settledSale(m);
    const cancel = await m.api.post(`/v2/payments/${id}/cancel`, { reason: "x", cancel_amount: 3_000 });
    expect(cancel.status).toBe(200);
    await backdateRefunds(id, m.store_id, "2026-11-26");
    const cancellation = await getDb()
      .selectFrom("cancellations")
      .selectAll()
      .where("payment_id", "=", id)
      .where("store_id", "=", m.store_id)
      .executeTakeFirstOrThrow();
    // Not derived yet: the refund is netted nowhere.
    const missing = (await check(m)).filter((f) => f.kind === "refund_not_netted");
    expect(missing).toEqual([expect.objectContaining({ cancellation_id: cancellation.id, ours: 3_000 })]);
    // The PG nets it on Monday instead of Friday (D+1 of Thursday the 26th).
    await recordConfirmedSettlements(await tossChannel(m), [
      pgRow(tx.id, 11_000),
      pgRow(tx.id, 3_000, { kind: "REFUND", pg_key: cancellation.pg_cancellation_id!, payout_on: "2026-11-30" }),
    ]);
    const late = (await check(m)).filter((f) => f.kind === "refund_not_netted");
    expect(late).toEqual([
      expect.objectContaining({ cancellation_id: cancellation.id, detail: expect.stringContaining("2026-11-27") }),
    ]);
  });

  it("report a fee more than 1 won off the contract, not a 1-won rounding difference", async () => {
    const m = await newMerchant();
    await setTossTerms(m);
    const a = await settledSale(m, 11_000);
    const b = await settledSale(m, 20_000);
    await recordConfirmedSettlements(await tossChannel(m), [
      // 2.5% of 11,000 is 275 (+27 VAT); 276 is within a won.
      pgRow(a.tx.id, 11_000, { fees: [{ type: "BASE", amount: 276 }], vat_on_fees: 27 }),
      // 2.5% of 20,000 is 500 (+50); the PG charged 3%.
      pgRow(b.tx.id, 20_000, { fees: [{ type: "BASE", amount: 600 }], vat_on_fees: 60 }),
    ]);
    expect(await check(m)).toEqual([
      expect.objectContaining({ kind: "fee_mismatch", payment_id: b.id, ours: 550, provider: 660 }),
    ]);
  });

  it("report a payout past its date that the PG has not confirmed, on a channel whose report is recorded", async () => {
    const m = await newMerchant();
    await setTossTerms(m);
    const confirmed = await settledSale(m, 11_000);
    const unconfirmed = await settledSale(m, 20_000);
    // Before any report is recorded for the channel, expected rows are all there is: no finding.
    expect(await check(m)).toEqual([]);
    await recordConfirmedSettlements(await tossChannel(m), [pgRow(confirmed.tx.id, 11_000)]);
    expect(await check(m)).toEqual([expect.objectContaining({ kind: "payout_missing", payment_id: unconfirmed.id })]);
  });

  it("report a settlement the PG made for a payment we have no record of, once it has waited out the grace", async () => {
    const m = await newMerchant();
    await setTossTerms(m);
    await recordConfirmedSettlements(await tossChannel(m), [pgRow("order-we-never-took", 7_000)]);
    // Our record may still be settling (a look-up under way): the row waits for it.
    expect(await check(m)).toEqual([]);
    expect(await check(m, RECORD_GRACE_MS + 3_600_000)).toEqual([
      expect.objectContaining({
        kind: "settlement_without_record",
        pg_tx_id: "tk_order-we-never-took_PAYMENT",
        provider: 7_000,
      }),
    ]);
  });

  it("are part of the reconciliation report and admin reconcile --json", async () => {
    const m = await newMerchant();
    await setTossTerms(m);
    await recordConfirmedSettlements(await tossChannel(m), [pgRow("order-unknown", 5_000)]);
    // Read longer ago than a row without our record waits for it.
    await getDb()
      .updateTable("settlements")
      .set({ created_at: Date.now() - RECORD_GRACE_MS - 3_600_000 })
      .where("store_id", "=", m.store_id)
      .execute();
    const run = spawnSync(
      process.execPath,
      [
        "node_modules/tsx/dist/cli.mjs",
        "scripts/admin.ts",
        "reconcile",
        "--merchant",
        m.merchant_id,
        "--since",
        new Date(Date.now() - 30 * DAY).toISOString(),
        "--json",
      ],
      { encoding: "utf8", env: process.env },
    );
    expect(run.status, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as { mismatches: { kind: string; store_id: string }[] };
    expect(report.mismatches).toContainEqual(
      expect.objectContaining({ kind: "settlement_without_record", store_id: m.store_id }),
    );
  });
});
