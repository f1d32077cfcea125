import { describe, expect, it } from "vitest";
import { revokeApiKey } from "@/lib/auth/api-keys";
import { authenticate } from "@/lib/auth/authenticate";
import { recheckMs } from "@/lib/auth/recent-answers";
import { getDb } from "@/lib/db/client";
import { statementsExecuted } from "@/lib/db/statement-cache";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { quiet } from "@/lib/testing/quiet";
import { paidPayment, paymentChannelKey } from "@/lib/testing/payments";
import { CompiledQuery } from "kysely";
import { dialect } from "@/lib/db/client";
import { getPayment } from "./get-payment";
import { paymentRows } from "./repository/payment-rows";

/**
 * Statements the database ran while `fn` did: the fewest of three runs, because the counter is the
 * process's and background work (the audit chain sealed after a commit, the request log flushed)
 * may run statements meanwhile; it only ever adds to a run's count.
 */
async function counted<T>(fn: () => Promise<T>): Promise<{ value: T; statements: number }> {
  let fewest = Number.POSITIVE_INFINITY;
  let value: T | undefined;
  for (let run = 0; run < 3; run++) {
    await quiet();
    const before = statementsExecuted();
    value = await fn();
    fewest = Math.min(fewest, statementsExecuted() - before);
  }
  return { value: value as T, statements: fewest };
}

const bearer = (token: string) =>
  new Request("http://localhost/v2/payments/x", { headers: { authorization: `Bearer ${token}` } });

describe("payment read path", () => {
  it("reads a payment with its cancellation and cash receipt in one statement", async () => {
    const m = inProcess(await newMerchant());
    const id = await paidPayment(m);
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 1000, reason: "partial" })).status).toBe(
      200,
    );
    const receipt = {
      channel_key: paymentChannelKey(m),
      customer_identifier: "01012345678",
      type: "PERSONAL",
      order_name: "o",
      currency: "KRW",
      amount: 5000,
    };
    expect((await m.api.post(`/v2/payments/${id}/cash-receipt`, receipt)).status).toBe(200);
    const ctx = await authenticate(bearer(m.accessToken));

    const { value, statements } = await counted(() => getPayment({ ctx, input: { payment_id: id } }));
    expect(statements).toBe(1);
    const tx = value.payment.transactions[0]!;
    expect(tx.cancellations).toHaveLength(1);
    expect(tx.cancellations[0]).toMatchObject({ cancel_amount: 1000, reason: "partial", status: "SUCCEEDED" });
    expect(tx.cash_receipt).toMatchObject({ status: "ISSUED", amount: 5000 });
    expect(tx.amount.cancelled).toBe(1000);
  });

  it("answers another store's or an unknown payment as PAYMENT_NOT_FOUND without reading the store", async () => {
    const m = inProcess(await newMerchant());
    const other = inProcess(await newMerchant());
    const id = await paidPayment(m);
    const ctx = await authenticate(bearer(m.accessToken));
    await expect(getPayment({ ctx, input: { payment_id: id, store_id: other.store_id } })).rejects.toMatchObject({
      code: "PAYMENT_NOT_FOUND",
    });
    await expect(getPayment({ ctx, input: { payment_id: "nope" } })).rejects.toMatchObject({
      code: "PAYMENT_NOT_FOUND",
    });
    const { statements } = await counted(() =>
      getPayment({ ctx, input: { payment_id: id, store_id: "store-unknown" } }).catch(() => null),
    );
    expect(statements).toBe(1);
  });
});

describe("payment read columns", () => {
  it("reads only the columns a Transaction shows, not the whole ~60-column row", async () => {
    const m = inProcess(await newMerchant());
    const id = await paidPayment(m);
    const [row] = await paymentRows.all([m.merchant_id, m.store_id, id]);
    const columns = Object.keys(row as object);
    // Never shown: look-up state, the settle context, the search columns, the Idempotency-Key.
    for (const hidden of ["settle_context", "lookup_due_at", "idempotency_key", "customer_email", "card_number"])
      expect(columns).not.toContain(hidden);
    // 43 transaction columns and 3 JSON array columns (cancellations, cash receipts, notifications).
    expect(columns).toHaveLength(46);
  });
});

describe("payment read plan", () => {
  it("finds the payment through an index on its id, never by walking the store's transactions", async () => {
    if (dialect() !== "sqlite") return; // PostgreSQL plans from statistics; the bench checks it at 1M rows
    const plan = await getDb().executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${paymentRows.sql()}`, ["merchant", "store", "payment"]),
    );
    const outer = plan.rows[0]!.detail;
    expect(outer).toMatch(/USING (COVERING )?INDEX \S+ \((merchant_id=\? AND )?(store_id=\? AND )?payment_id=\?/);
  });
});

describe("authentication re-reads a token's key at most once a second", () => {
  it("a second request within the second runs no statement", async () => {
    const m = await newMerchant();
    await authenticate(bearer(m.accessToken));
    const again = await counted(() => authenticate(bearer(m.accessToken)));
    expect(again.statements).toBe(0);
    expect(again.value).toMatchObject({ merchantId: m.merchant_id, storeId: m.store_id, storeLimited: false });
  });

  it("the same holds for `Authorization: PortOne <api key>`", async () => {
    const m = await newMerchant();
    const request = () =>
      new Request("http://localhost/v2/channels", { headers: { authorization: `PortOne ${m.api_key}` } });
    await authenticate(request());
    expect((await counted(() => authenticate(request()))).statements).toBe(0);
  });

  it("a revocation in this process takes effect at once", async () => {
    const m = await newMerchant();
    const key = await getDb()
      .selectFrom("api_keys")
      .select("id")
      .where("merchant_id", "=", m.merchant_id)
      .executeTakeFirstOrThrow();
    await authenticate(bearer(m.accessToken));
    expect(await revokeApiKey(m.merchant_id, key.id)).toBe(true);
    await expect(authenticate(bearer(m.accessToken))).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("a revocation made by another process takes effect once AUTH_RECHECK_MS has passed", async () => {
    const m = await newMerchant();
    await authenticate(bearer(m.accessToken));
    const readAt = Date.now();
    // Written straight to the table, as another app process or the admin CLI would.
    await getDb()
      .updateTable("api_keys")
      .set({ revoked_at: Date.now() })
      .where("merchant_id", "=", m.merchant_id)
      .execute();
    await new Promise((r) => setTimeout(r, Math.max(0, readAt + recheckMs() + 20 - Date.now())));
    await expect(authenticate(bearer(m.accessToken))).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
