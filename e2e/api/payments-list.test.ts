import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { apiAs, callApi } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { insertStore } from "@/lib/tenancy/insert-store";
import { DAY, HOUR } from "@/lib/time";
import { createPayment, type FixturePayment } from "@/lib/testing/payment-fixtures";
import type { Json } from "@/lib/testing/json";

type M = Awaited<ReturnType<typeof newMerchant>>;
type Page = {
  current_page: number;
  total_page: number;
  total_count: number;
  payments: { id: string; store_id: string; transactions: { is_primary: boolean; status: string }[] }[];
};

const pay = (m: M, p: Omit<FixturePayment, "merchantId" | "storeId"> & { storeId?: string } = {}) =>
  createPayment({ merchantId: m.merchant_id, storeId: m.store_id, ...p });
const ids = (body: Page) => body.payments.map((p) => p.id);
const list = async (m: M, query = "") => {
  const res = await m.api.get<Page>(`/v2/payments${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const iso = (ms: number) => new Date(ms).toISOString();

function expectInvalid(res: { status: number; body: Json }, field: string) {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    code: "INVALID_REQUEST",
    params: expect.objectContaining({ message: expect.stringContaining(field) }),
  });
}

describe("GET /v2/payments: shape, window and timestamps", () => {
  it("answers a page of full payments, each once, filtered on its primary transaction", async () => {
    const m = await newMerchant();
    const retried = await pay(m, { outcome: "FAILED" });
    await pay(m, { paymentId: retried.payment_id, outcome: "PAID" });
    const other = await pay(m, { outcome: "PAID" });
    const body = await list(m);
    expect(body).toMatchObject({ current_page: 0, total_page: 1, total_count: 2 });
    expect(ids(body).sort()).toEqual([retried.payment_id, other.payment_id].sort());
    const p = body.payments.find((x) => x.id === retried.payment_id)!;
    expect(p).toMatchObject({ merchant_id: m.merchant_id, store_id: m.store_id });
    expect(p.transactions.map((t) => [t.status, t.is_primary])).toEqual([
      ["FAILED", false],
      ["PAID", true],
    ]);
    // The failed first attempt no longer counts: the payment is PAID, not FAILED.
    expect((await list(m, "?status=FAILED")).total_count).toBe(0);
  });

  it("defaults to the 90 days before now and honours start/end with any RFC 3339 offset", async () => {
    const m = await newMerchant();
    const now = Date.now();
    const recent = await pay(m, { at: { statusUpdated: now - 2 * DAY } });
    const old = await pay(m, { at: { statusUpdated: now - 100 * DAY, requested: now - 100 * DAY } });
    expect(ids(await list(m))).toEqual([recent.payment_id]);
    const wide = await list(m, `?start=${iso(now - 120 * DAY)}`);
    expect(ids(wide).sort()).toEqual([recent.payment_id, old.payment_id].sort());
    // end alone moves the default start with it (90 days before end).
    expect(ids(await list(m, `?end=${iso(now - 95 * DAY)}`))).toEqual([old.payment_id]);
    const start = encodeURIComponent(new Date(now - 3 * DAY).toISOString().replace("Z", "+09:00"));
    expect(ids(await list(m, `?start=${start}&end=${iso(now)}`))).toEqual([recent.payment_id]);
  });

  it("timestamp_type picks which time the window applies to", async () => {
    const m = await newMerchant();
    const now = Date.now();
    const p = await pay(m, { at: { requested: now - 100 * DAY, statusUpdated: now - DAY } });
    expect(ids(await list(m))).toEqual([p.payment_id]);
    expect(ids(await list(m, "?timestamp_type=STATUS_UPDATED_AT"))).toEqual([p.payment_id]);
    expect(ids(await list(m, "?timestamp_type=REQUESTED_AT"))).toEqual([]);
    expect(
      ids(await list(m, `?timestamp_type=REQUESTED_AT&start=${iso(now - 101 * DAY)}&end=${iso(now - 99 * DAY)}`)),
    ).toEqual([p.payment_id]);
  });
});

describe("GET /v2/payments: filters", () => {
  it("status, in each query-array form", async () => {
    const m = await newMerchant();
    const paid = await pay(m, { outcome: "PAID" });
    const failed = await pay(m, { outcome: "FAILED" });
    const issued = await pay(m, { outcome: "VIRTUAL_ACCOUNT_ISSUED", method: "VIRTUAL_ACCOUNT" });
    expect(ids(await list(m, "?status=PAID"))).toEqual([paid.payment_id]);
    const both = [paid.payment_id, failed.payment_id].sort();
    expect(ids(await list(m, "?status=PAID&status=FAILED")).sort()).toEqual(both);
    expect(ids(await list(m, "?status[]=PAID&status[]=FAILED")).sort()).toEqual(both);
    expect(ids(await list(m, "?status=PAID,FAILED")).sort()).toEqual(both);
    expect(ids(await list(m, "?status=VIRTUAL_ACCOUNT_ISSUED"))).toEqual([issued.payment_id]);
    expect((await list(m)).total_count).toBe(3);
  });

  it("methods, pg_providers, is_test_payment and is_scheduled_payment", async () => {
    const m = await newMerchant();
    const card = await pay(m, { method: "CARD", provider: "TOSSPAYMENTS" });
    const va = await pay(m, { method: "VIRTUAL_ACCOUNT", provider: "KCP", outcome: "VIRTUAL_ACCOUNT_ISSUED" });
    const live = await pay(m, { method: "CARD", provider: "NICE", patch: { channel_type: "LIVE" } });
    const scheduled = await pay(m, {
      method: "CARD",
      provider: "KCP",
      scheduleId: "schedule-1",
      billingKey: "billing-key-1",
    });
    expect(ids(await list(m, "?methods=VIRTUAL_ACCOUNT"))).toEqual([va.payment_id]);
    expect(ids(await list(m, "?methods[]=CARD")).sort()).toEqual(
      [card.payment_id, live.payment_id, scheduled.payment_id].sort(),
    );
    expect(ids(await list(m, "?pg_providers=KCP")).sort()).toEqual([va.payment_id, scheduled.payment_id].sort());
    expect(ids(await list(m, "?pg_providers=NICE,TOSSPAYMENTS")).sort()).toEqual(
      [card.payment_id, live.payment_id].sort(),
    );
    expect(ids(await list(m, "?is_test_payment=false"))).toEqual([live.payment_id]);
    expect((await list(m, "?is_test_payment=true")).total_count).toBe(3);
    expect(ids(await list(m, "?is_scheduled_payment=true"))).toEqual([scheduled.payment_id]);
    expect((await list(m, "?is_scheduled_payment=false")).total_count).toBe(3);
    expect(ids(await list(m, "?pg_providers=KCP&methods=CARD&is_scheduled_payment=true&status=PAID"))).toEqual([
      scheduled.payment_id,
    ]);
  });

  it("text search: each column is a prefix match; ALL searches every column", async () => {
    const m = await newMerchant();
    const a = await pay(m, {
      paymentId: "order-alpha-1",
      orderName: "Blue shirt",
      customer: { name: "Kim Minsu", email: "minsu@example.com", phone_number: "01012345678" },
      scheduleId: "sch-alpha",
      billingKey: "billing-key-alpha",
    });
    const b = await pay(m, {
      paymentId: "order-beta-2",
      orderName: "Red hat 50%_off*",
      customer: { name: "Lee", email: "lee@example.org" },
      outcome: "FAILED",
    });
    const va = await pay(m, { method: "VIRTUAL_ACCOUNT", outcome: "VIRTUAL_ACCOUNT_ISSUED" });
    await getDb()
      .insertInto("cancellations")
      .values({
        id: newId("cancel-"),
        merchant_id: m.merchant_id,
        store_id: m.store_id,
        transaction_id: a.id,
        payment_id: a.payment_id,
        status: "SUCCEEDED",
        cancel_amount: 100,
        tax_free_amount: 0,
        vat_amount: null,
        easy_pay_discount_amount: null,
        reason: "customer changed mind",
        pg_cancellation_id: "pgc",
        requested_at: Date.now(),
        cancelled_at: Date.now(),
        refund_account: null,
        failure_pg_code: null,
        failure_pg_message: null,
        lookup_due_at: null,
        lookup_attempts: 0,
        last_lookup_error: null,
        idempotency_key: null,
      })
      .execute();
    const search = async (column: string, value: string) =>
      ids(await list(m, `?text_search_column=${column}&text_search_value=${encodeURIComponent(value)}`)).sort();
    expect(await search("PAYMENT_ID", "order-al")).toEqual([a.payment_id]);
    expect(await search("PAYMENT_ID", "alpha")).toEqual([]); // prefix, not substring
    expect(await search("PAYMENT_ID", "order-")).toEqual([a.payment_id, b.payment_id].sort());
    expect(await search("TX_ID", a.id)).toEqual([a.payment_id]);
    expect(await search("SCHEDULE_ID", "sch-al")).toEqual([a.payment_id]);
    expect(await search("BILLING_KEY", "billing-key-a")).toEqual([a.payment_id]);
    expect(await search("ORDER_NAME", "Blue")).toEqual([a.payment_id]);
    expect(await search("ORDER_NAME", "Red hat 50%_")).toEqual([b.payment_id]);
    expect(await search("ORDER_NAME", "Red hat 5%")).toEqual([]); // wildcards are literal
    expect(await search("ORDER_NAME", "Red hat 50%_off*")).toEqual([b.payment_id]);
    expect(await search("ORDER_NAME", "R_d")).toEqual([]);
    expect(await search("CUSTOMER_NAME", "Kim")).toEqual([a.payment_id]);
    expect(await search("CUSTOMER_EMAIL", "lee@")).toEqual([b.payment_id]);
    expect(await search("CUSTOMER_PHONE_NUMBER", "010123")).toEqual([a.payment_id]);
    expect(await search("PG_TX_ID", `pg-${a.id}`)).toEqual([a.payment_id]);
    expect(await search("CARD_NUMBER", "424242")).toEqual([a.payment_id]);
    expect(await search("CARD_APPROVAL_NUMBER", `A${a.id.slice(-6)}`)).toEqual([a.payment_id]);
    expect(await search("VIRTUAL_ACCOUNT_NUMBER", "9")).toEqual([va.payment_id]);
    expect(await search("CANCEL_REASON", "customer changed")).toEqual([a.payment_id]);
    expect(await search("FAIL_REASON", "declined")).toEqual([b.payment_id]);
    expect(await search("ALL", "lee@")).toEqual([b.payment_id]);
    expect(await search("ALL", "customer changed")).toEqual([a.payment_id]);
    expect(await search("ALL", "order-")).toEqual([a.payment_id, b.payment_id].sort());
    // A value without a column searches ALL.
    expect(ids(await list(m, "?text_search_value=Blue"))).toEqual([a.payment_id]);
  });
});

describe("GET /v2/payments: sorting and paging", () => {
  it("sorts by either time in either order", async () => {
    const m = await newMerchant();
    const now = Date.now();
    const p1 = await pay(m, { at: { requested: now - 5 * HOUR, statusUpdated: now - 1 * HOUR } });
    const p2 = await pay(m, { at: { requested: now - 4 * HOUR, statusUpdated: now - 3 * HOUR } });
    const p3 = await pay(m, { at: { requested: now - 3 * HOUR, statusUpdated: now - 2 * HOUR } });
    expect(ids(await list(m))).toEqual([p1, p3, p2].map((p) => p.payment_id));
    expect(ids(await list(m, "?sort_by=STATUS_UPDATED_AT&sort_order=ASCENDING"))).toEqual(
      [p2, p3, p1].map((p) => p.payment_id),
    );
    expect(ids(await list(m, "?sort_by=REQUESTED_AT&sort_order=DESCENDING"))).toEqual(
      [p3, p2, p1].map((p) => p.payment_id),
    );
    expect(ids(await list(m, "?sort_by=REQUESTED_AT&sort_order=ASCENDING"))).toEqual(
      [p1, p2, p3].map((p) => p.payment_id),
    );
  });

  it("pages are 0-based, disjoint and complete; total_page rounds up", async () => {
    const m = await newMerchant();
    const now = Date.now();
    const made: Awaited<ReturnType<typeof pay>>[] = [];
    for (let i = 0; i < 23; i++) made.push(await pay(m, { at: { statusUpdated: now - i * 1000 } }));
    const pages = [
      await list(m, "?limit=10&page=0"),
      await list(m, "?limit=10&page=1"),
      await list(m, "?limit=10&page=2"),
    ];
    expect(pages.map((p) => [p.current_page, p.total_page, p.total_count, p.payments.length])).toEqual([
      [0, 3, 23, 10],
      [1, 3, 23, 10],
      [2, 3, 23, 3],
    ]);
    expect(pages.flatMap(ids)).toEqual(made.map((p) => p.payment_id));
    const beyond = await list(m, "?limit=10&page=3");
    expect(beyond).toMatchObject({ current_page: 3, total_page: 3, total_count: 23, payments: [] });
    expect((await list(m)).payments).toHaveLength(10); // default limit
    expect((await list(m, "?limit=1000")).payments).toHaveLength(23);
  });

  it("refuses bad limits, deep pages and bad values with 400 INVALID_REQUEST naming the field", async () => {
    const m = await newMerchant();
    expectInvalid(await m.api.get("/v2/payments?limit=1001"), "limit");
    expectInvalid(await m.api.get("/v2/payments?limit=0"), "limit");
    expectInvalid(await m.api.get("/v2/payments?page=-1"), "page");
    expectInvalid(await m.api.get("/v2/payments?page=abc"), "page");
    expectInvalid(await m.api.get("/v2/payments?page=50&limit=1000"), "page");
    expectInvalid(await m.api.get("/v2/payments?page=5000&limit=10"), "page");
    expect((await m.api.get("/v2/payments?page=49&limit=1000")).status).toBe(200);
    expect((await m.api.get("/v2/payments?page=4999&limit=10")).status).toBe(200);
    expectInvalid(await m.api.get("/v2/payments?status=DONE"), "status");
    expectInvalid(await m.api.get("/v2/payments?methods=CASH"), "methods");
    expectInvalid(await m.api.get("/v2/payments?pg_providers=NOPE"), "pg_providers");
    expectInvalid(await m.api.get("/v2/payments?sort_by=PAID_AT"), "sort_by");
    expectInvalid(await m.api.get("/v2/payments?sort_order=UP"), "sort_order");
    expectInvalid(await m.api.get("/v2/payments?timestamp_type=PAID_AT"), "timestamp_type");
    expectInvalid(await m.api.get("/v2/payments?text_search_column=NOTE&text_search_value=x"), "text_search_column");
    expectInvalid(await m.api.get("/v2/payments?is_test_payment=yes"), "is_test_payment");
    expectInvalid(await m.api.get("/v2/payments?start=yesterday"), "start");
    expectInvalid(await m.api.get(`/v2/payments?start=${iso(Date.now())}&end=${iso(Date.now() - DAY)}`), "start");
  });

  it("needs credentials", async () => {
    const res = await callApi("GET", "/v2/payments");
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
    expect((await callApi("GET", "/v2/payments/scroll", { token: "nope" })).status).toBe(401);
  });
});

describe("GET /v2/payments: stores and tenants", () => {
  it("spans the merchant's stores unless one is named; a store-limited key sees only its store", async () => {
    const m = await newMerchant();
    const sub = await insertStore(getDb(), { merchantId: m.merchant_id, name: "Sub", isDefault: false });
    const main = await pay(m);
    const subPay = await pay(m, { storeId: sub.id });
    expect(ids(await list(m)).sort()).toEqual([main.payment_id, subPay.payment_id].sort());
    expect(ids(await list(m, `?store_id=${sub.id}`))).toEqual([subPay.payment_id]);
    expect(ids(await list(m, `?store_id=${m.store_id}`))).toEqual([main.payment_id]);

    const key = await createApiKey({ merchantId: m.merchant_id, storeId: sub.id, name: "sub only" });
    const limited = apiAs((await loginWithApiKey(key.apiKey)).accessToken);
    const own = await limited.get<Page>("/v2/payments");
    expect(own.status).toBe(200);
    expect(ids(own.body)).toEqual([subPay.payment_id]);
    const denied = await limited.get(`/v2/payments?store_id=${m.store_id}`);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ code: "PERMISSION_DENIED", params: expect.any(Object) });
    const scrolled = await limited.get("/v2/payments/scroll");
    expect(scrolled.body.payments.map((p: { id: string }) => p.id)).toEqual([subPay.payment_id]);
    expect((await limited.get(`/v2/payments/scroll?store_id=${m.store_id}`)).status).toBe(403);
  });

  it("never shows another merchant's payments; naming its store is STORE_NOT_FOUND", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const theirs = await pay(b, { paymentId: "shared-id", orderName: "Secret order" });
    const mine = await pay(a, { paymentId: "shared-id" });
    const body = await list(a, "?text_search_column=ALL&text_search_value=shared");
    expect(body.payments.map((p) => [p.id, p.store_id])).toEqual([[mine.payment_id, a.store_id]]);
    expect((await list(a, "?text_search_value=Secret")).total_count).toBe(0);
    expect(JSON.stringify(await list(a, "?limit=1000"))).not.toContain(theirs.id);
    for (const url of [`/v2/payments?store_id=${b.store_id}`, `/v2/payments/scroll?store_id=${b.store_id}`]) {
      const res = await a.api.get(url);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: "STORE_NOT_FOUND", params: expect.any(Object) });
    }
    const scrolled = await a.api.get("/v2/payments/scroll?limit=1000");
    expect(scrolled.body.payments.map((p: { store_id: string }) => p.store_id)).toEqual([a.store_id]);
  });
});

describe("GET /v2/payments/scroll", () => {
  type Scroll = { payments: { id: string; transactions: unknown[] }[]; cursor?: string };
  async function scrollAll(m: M, query: string, between?: (page: number) => Promise<void>) {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await m.api.get<Scroll>(
        `/v2/payments/scroll?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...res.body.payments.map((p) => p.id));
      cursor = res.body.cursor;
      pages += 1;
      if (cursor) await between?.(pages);
    } while (cursor);
    return { seen, pages };
  }

  it("returns every payment exactly once, oldest first, while new payments and retries arrive", async () => {
    const m = await newMerchant();
    const now = Date.now();
    const made: Awaited<ReturnType<typeof pay>>[] = [];
    for (let i = 0; i < 12; i++)
      made.push(await pay(m, { outcome: i % 4 === 0 ? "FAILED" : "PAID", at: { created: now - (12 - i) * 1000 } }));
    const added: string[] = [];
    const { seen, pages } = await scrollAll(m, "limit=5", async () => {
      added.push((await pay(m)).payment_id);
      // A retry of a failed payment not yet reached adds a transaction, not a second appearance.
      const failedLater = made.filter((p) => p.status === "FAILED").at(-1)!;
      if (added.length === 1) await pay(m, { paymentId: failedLater.payment_id, outcome: "PAID" });
    });
    expect(pages).toBe(3);
    expect(seen).toEqual(made.map((p) => p.payment_id));
    for (const id of added) expect(seen).not.toContain(id);
    // A new scroll includes them.
    expect((await scrollAll(m, "limit=1000")).seen).toEqual([...made.map((p) => p.payment_id), ...added]);
  });

  it("honours start/end and the store, carries them in the cursor, and ends without a cursor", async () => {
    const m = await newMerchant();
    const sub = await insertStore(getDb(), { merchantId: m.merchant_id, name: "Sub", isDefault: false });
    const now = Date.now();
    const inWindow: Awaited<ReturnType<typeof pay>>[] = [];
    for (let i = 0; i < 4; i++) inWindow.push(await pay(m, { at: { created: now - 10 * DAY + i } }));
    await pay(m, { at: { created: now - 100 * DAY } });
    await pay(m, { storeId: sub.id, at: { created: now - 10 * DAY } });
    const query = `store_id=${m.store_id}&start=${iso(now - 11 * DAY)}&end=${iso(now - 9 * DAY)}&limit=3`;
    const first = await m.api.get<Scroll>(`/v2/payments/scroll?${query}`);
    expect(first.body.payments.map((p) => p.id)).toEqual(inWindow.slice(0, 3).map((p) => p.payment_id));
    // The cursor alone carries window and store.
    const second = await m.api.get<Scroll>(
      `/v2/payments/scroll?cursor=${encodeURIComponent(first.body.cursor!)}&store_id=${m.store_id}`,
    );
    expect(second.body.payments.map((p) => p.id)).toEqual([inWindow[3]!.payment_id]);
    expect(second.body.cursor).toBeUndefined();
    // Defaults: last 90 days, every store.
    expect((await scrollAll(m, "limit=2")).seen).toHaveLength(5);
  });

  it("refuses a bad cursor or limit with 400 INVALID_REQUEST", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 3; i++) await pay(m);
    expectInvalid(await m.api.get("/v2/payments/scroll?cursor=garbage"), "cursor");
    expectInvalid(
      await m.api.get(`/v2/payments/scroll?cursor=${Buffer.from('{"v":1}').toString("base64url")}`),
      "cursor",
    );
    expectInvalid(await m.api.get("/v2/payments/scroll?limit=1001"), "limit");
    expectInvalid(await m.api.get("/v2/payments/scroll?start=nope"), "start");
    const first = await m.api.get<Scroll>("/v2/payments/scroll?limit=1");
    const sub = await insertStore(getDb(), { merchantId: m.merchant_id, name: "Sub", isDefault: false });
    expectInvalid(await m.api.get(`/v2/payments/scroll?cursor=${first.body.cursor}&store_id=${sub.id}`), "cursor");
  });

  it("another merchant's cursor shows that merchant nothing of ours", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    for (let i = 0; i < 3; i++) await pay(a);
    const first = await a.api.get<Scroll>("/v2/payments/scroll?limit=1");
    const res = await b.api.get<Scroll>(`/v2/payments/scroll?cursor=${first.body.cursor}`);
    expect(res.status).toBe(200);
    expect(res.body.payments).toEqual([]);
  });
});
