import { sql } from "kysely";
import { queryPlan } from "@/lib/testing/query-plan";
import { beforeAll, describe, expect, it } from "vitest";
import { keyAttemptsQuery } from "@/lib/billing-keys/repository";
import { customerTransactionsQuery } from "@/lib/customers/repository";
import { attemptByKeyQuery } from "@/lib/payments/money-operation/repository";
import { primaryForAttemptQuery } from "@/lib/payments/pay/repository";
import { scrollKeysQuery } from "@/lib/payments/read/repository/scroll-keys";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { newMerchant } from "@/lib/testing/fixtures";
import { dialect, getDb } from "./client";

/**
 * The queries that lost an index to migration 0094 (or are on every payment's path) keep an
 * index-driven plan: on PostgreSQL over a merchant with a few hundred payments and fresh statistics,
 * sequential scans priced out (a small test table would otherwise be scanned), which shows the
 * planner CAN serve them from the registry's indexes (lib/db/transactions-indexes.ts). With the
 * merchant's rows counted, every index led by merchant_id alone costs more than the right one
 * (on an empty merchant they all tie). The plans at 1M payments are in docs/benchmarks.md.
 */

const PAYMENTS = 150;
const key = { merchantId: "", storeId: "", paymentId: "payment-plan" };

beforeAll(async () => {
  const merchant = await newMerchant();
  key.merchantId = merchant.merchant_id;
  key.storeId = merchant.store_id;
  // SQLite plans without statistics (the suite runs no ANALYZE): the merchant's rows change nothing there.
  if (dialect() !== "postgres") return;
  for (let i = 0; i < PAYMENTS; i++)
    await createPayment({ merchantId: key.merchantId, storeId: key.storeId, billingKey: `bk-plan-${i % 30}` });
  await sql`analyze transactions`.execute(getDb());
}, 60_000);
const noScan = /Seq Scan on transactions|SCAN (transactions|t)\b(?! USING)/;

describe("plans of the queries on transactions (indexes cut to those a plan uses)", () => {
  it("an attempt by Idempotency-Key is found by its payment (the dropped idempotency index is not needed)", async () => {
    const text = await queryPlan(attemptByKeyQuery(key, "idem-plan"));
    expect(text).toMatch(
      dialect() === "postgres"
        ? /Index Cond: .*payment_id = /
        : /USING INDEX transactions_(search_payment_id|payment|one_primary)_idx .*payment_id=\?/,
    );
    expect(text).not.toMatch(noScan);
  });

  it("the payment's primary attempt is found through the one-primary or payment index", async () => {
    const text = await queryPlan(primaryForAttemptQuery(getDb(), key));
    expect(text).toMatch(/transactions_(one_primary|payment)_idx/);
    expect(text).not.toMatch(noScan);
  });

  it("a customer's attempts in a store come from (store_id, customer_id, requested_at)", async () => {
    const text = await queryPlan(customerTransactionsQuery({ ...key, customerId: "cust-plan" }));
    expect(text).toMatch(/transactions_store_customer_idx/);
    expect(text).not.toMatch(noScan);
  });
  it("a billing key's attempts come from (merchant_id, billing_key), not a billing_key-only index", async () => {
    const text = await queryPlan(keyAttemptsQuery(key.merchantId, key.storeId, "bk-plan-7", 20));
    expect(text).toMatch(/transactions_search_billing_key_idx/);
    expect(text).not.toMatch(noScan);
  });

  it("a store's scroll walks the merchant's creation-time index (no store-only copy of it)", async () => {
    const window = { start: 0, end: Date.now() };
    // A whole small merchant is cheaper read and sorted: pricing out bitmaps and sorts shows the ordered walk.
    const query = scrollKeysQuery({ merchantId: key.merchantId, storeId: key.storeId }, window, null, 100);
    const text = await queryPlan(query, ["enable_seqscan", "enable_bitmapscan", "enable_sort"]);
    expect(text).toMatch(/transactions_scroll_merchant_idx/);
    expect(text).not.toMatch(noScan);
  });
});
