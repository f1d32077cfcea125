import { CompiledQuery } from "kysely";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import type { DashboardContext } from "@/lib/dashboard/context";
import { dialect, getDb, withTransaction } from "@/lib/db/client";
import { dashboardContextOf } from "@/lib/testing/dashboard-context";
import { newMerchant } from "@/lib/testing/fixtures";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { insertStore } from "@/lib/tenancy/insert-store";
import { filteredPayments } from "@/lib/payments/read/repository/filters";
import { insertTransactionRows } from "@/lib/payments/seed/repository";
import { COUNT_CAP } from "./limits";
import { searchPalette } from "./palette";
import { countCommonWord } from "./repository/payment-page";
import { planSearch } from "./repository/query";
import { dashboardPaymentsQuery } from "./schema";
import { listDashboardPayments } from "./search-payments";

const ctxOf = dashboardContextOf;

const search = (ctx: DashboardContext, q: string, extra: Record<string, unknown> = {}) =>
  listDashboardPayments({ ctx, input: dashboardPaymentsQuery.parse({ q, ...extra }) });
const ids = (page: { payments: { id: string }[] }) => page.payments.map((p) => p.id).sort();

describe("dashboard payment search", () => {
  it("finds partial, case-insensitive matches in id, order, name, e-mail, phone, card last 4 and provider id", async () => {
    const m = await newMerchant();
    const jiho = await createPayment({
      merchantId: m.merchant_id,
      storeId: m.store_id,
      paymentId: "order-2026-0001",
      orderName: "Standing desk",
      customer: { name: "Lee Jiho", email: "jiho.lee@example.com", phone_number: "010-1234-5678" },
    });
    const korean = await createPayment({
      merchantId: m.merchant_id,
      storeId: m.store_id,
      orderName: "책상 램프",
      customer: { name: "이지호" },
    });
    const other = await createPayment({
      merchantId: m.merchant_id,
      storeId: m.store_id,
      orderName: "Chair",
      customer: { name: "Kim Minsu", email: "minsu@example.org" },
    });
    const ctx = ctxOf(m, [m.store_id]);
    for (const q of [
      "Jiho",
      "lee jiho",
      "LEE JIHO",
      "desk",
      "DESK",
      "jiho.lee@exa",
      "1234-5678",
      "01012345678",
      "2026-00",
    ])
      expect(ids(await search(ctx, q)), q).toEqual([jiho.payment_id]);
    // Two characters match the start or end of a word: a Korean given name, a family name.
    expect(ids(await search(ctx, "지호"))).toEqual([korean.payment_id]);
    expect(ids(await search(ctx, "이지"))).toEqual([korean.payment_id]);
    expect(ids(await search(ctx, "램프"))).toEqual([korean.payment_id]);
    // Card last four and the provider's transaction id (every fixture card ends 4242).
    expect(ids(await search(ctx, "4242"))).toEqual([jiho.payment_id, korean.payment_id, other.payment_id].sort());
    expect(ids(await search(ctx, other.pg_tx_id!.slice(-10).toLowerCase()))).toEqual([other.payment_id]);
    expect((await search(ctx, "zzzz-nothing")).payments).toEqual([]);
  });

  it("answers the same when a common word is tested row by row instead of through the index", async () => {
    const m = await newMerchant();
    const a = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, orderName: "Walnut DESK" });
    const b = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, customer: { name: "이지호" } });
    await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, orderName: "Chair" });
    for (const [q, expected] of [
      ["desk", [a.payment_id]],
      ["지호", [b.payment_id]],
    ] as const) {
      const plan = await planSearch(q, 1);
      const rows = await filteredPayments(
        { merchantId: m.merchant_id },
        dashboardPaymentsQuery.parse({}),
        { start: 0, end: Date.now() + 1000 },
        plan,
      )
        .select("transactions.payment_id")
        .execute();
      expect(
        rows.map((r) => r.payment_id),
        q,
      ).toEqual([...expected]);
      const view = filteredPayments({ merchantId: m.merchant_id }, dashboardPaymentsQuery.parse({}), {
        start: 0,
        end: Date.now() + 1000,
      });
      expect(await countCommonWord(view, "status_updated_at", "desc", plan.testDocument), q).toEqual({
        n: 1,
        capped: false,
      });
    }
  });

  it('counts matches exactly up to 1,000, then answers "more than 1,000" (the count stays bounded at 1M payments)', async () => {
    const m = await newMerchant();
    const ctx = ctxOf(m, [m.store_id]);
    const first = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, orderName: "Oak desk" });
    const row = await getDb()
      .selectFrom("transactions")
      .selectAll()
      .where("id", "=", first.id)
      .executeTakeFirstOrThrow();
    const copies = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => ({
        ...row,
        id: `${row.id}-${tag}${i}`,
        payment_id: `${row.payment_id}-${tag}${i}`,
      }));
    await withTransaction((tx) => insertTransactionRows(tx, copies(COUNT_CAP - 1, "a")));
    expect(COUNT_CAP).toBe(1_000);
    for (const q of ["oak desk", "desk"]) {
      const page = await search(ctx, q);
      expect({ total: page.total_count, capped: page.count_capped }, q).toEqual({ total: 1_000, capped: false });
    }
    await withTransaction((tx) => insertTransactionRows(tx, copies(1, "b")));
    for (const q of ["oak desk", "desk"]) {
      const page = await search(ctx, q);
      expect({ total: page.total_count, capped: page.count_capped, pages: page.total_page }, q).toEqual({
        total: 1_000,
        capped: true,
        pages: Math.ceil(1_000 / page.payments.length),
      });
    }
    // A word too common for the index: tested row by row, the count stops at the 1,001st match.
    const view = filteredPayments({ merchantId: m.merchant_id }, dashboardPaymentsQuery.parse({}), {
      start: 0,
      end: Date.now() + 1000,
    });
    const common = await planSearch("desk", 1);
    expect(await countCommonWord(view, "status_updated_at", "desc", common.testDocument)).toEqual({
      n: 1_001,
      capped: true,
    });
  });

  it("tests each row's stored document and never builds it per row (PostgreSQL: search_doc, 0095)", async () => {
    const m = await newMerchant();
    const p = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, customer: { name: "이지호" } });
    const view = (plan: Awaited<ReturnType<typeof planSearch>>) =>
      filteredPayments(
        { merchantId: m.merchant_id },
        dashboardPaymentsQuery.parse({}),
        { start: 0, end: Date.now() + 1000 },
        plan,
      ).select("transactions.payment_id");
    // The default plan, and the row-by-row one SQLite takes for a common word.
    for (const plan of [await planSearch("지호"), await planSearch("지호", 1)]) {
      const query = view(plan).compile();
      expect((await view(plan).execute()).map((r) => r.payment_id)).toEqual([p.payment_id]);
      if (dialect() === "sqlite") {
        // SQLite stores no document: its FTS5 index drives the search, or the row's document is built.
        expect(query.sql).toMatch(plan.selective ? /json_each/ : /coalesce\(transactions\.customer_name/);
        continue;
      }
      // The statement and its plan test the stored column; building the document (coalesce of
      // every searched column, once per pattern) was ~4 µs a row, ~50 ms for a two-character search at 1M.
      expect(query.sql).toContain('"transactions"."search_doc" like lower($');
      const explained = await getDb().executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      const text = explained.rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(text).toMatch(/search_doc ~~ '% 지호%'/);
      expect(`${query.sql}\n${text}`).not.toMatch(/coalesce\(/i);
    }
  });

  it("keeps the index current when a payment's searchable fields change", async () => {
    const m = await newMerchant();
    const p = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, customer: { name: "Old Name" } });
    await getDb().updateTable("transactions").set({ customer_name: "Park Seoyeon" }).where("id", "=", p.id).execute();
    const ctx = ctxOf(m, [m.store_id]);
    expect(ids(await search(ctx, "seoyeon"))).toEqual([p.payment_id]);
    expect((await search(ctx, "old name")).payments).toEqual([]);
  });

  it("searches every store of the merchant, one store when asked, and never another merchant's", async () => {
    const m = await newMerchant();
    const second = await withTransaction((tx) =>
      insertStore(tx, { merchantId: m.merchant_id, name: "Second", isDefault: false }),
    );
    const here = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, orderName: "Walnut desk" });
    const there = await createPayment({ merchantId: m.merchant_id, storeId: second.id, orderName: "Oak desk" });
    const stranger = await newMerchant();
    await createPayment({ merchantId: stranger.merchant_id, storeId: stranger.store_id, orderName: "Pine desk" });
    const ctx = ctxOf(m, [m.store_id, second.id]);
    expect(ids(await search(ctx, "desk"))).toEqual([here.payment_id, there.payment_id].sort());
    expect(ids(await search(ctx, "desk", { scope: "store" }))).toEqual([here.payment_id]);
    // A user limited to the second store sees only it, whatever scope they ask for.
    const limited = { ...ctxOf(m, [second.id], true), storeId: second.id };
    expect(ids(await search(limited, "desk", { scope: "all" }))).toEqual([there.payment_id]);
    const palette = await searchPalette({ ctx, input: { q: "desk" } });
    expect(palette.payments.map((p) => p.id).sort()).toEqual([here.payment_id, there.payment_id].sort());
    expect(palette.payments.find((p) => p.id === there.payment_id)?.storeId).toBe(second.id);
  });

  it("combines with the list filters and rejects a reversed date range naming the field", async () => {
    const m = await newMerchant();
    await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, orderName: "Lamp A" });
    const failed = await createPayment({
      merchantId: m.merchant_id,
      storeId: m.store_id,
      orderName: "Lamp B",
      outcome: "FAILED",
    });
    const ctx = ctxOf(m, [m.store_id]);
    expect(ids(await search(ctx, "lamp", { status: "FAILED" }))).toEqual([failed.payment_id]);
    const reversed = dashboardPaymentsQuery.safeParse({ start: "2026-02-01T00:00:00Z", end: "2026-01-01T00:00:00Z" });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]?.path).toEqual(["start"]);
    await expect(
      listDashboardPayments({ ctx, input: { ...dashboardPaymentsQuery.parse({}), start: 2, end: 1 } }),
    ).rejects.toBeInstanceOf(DomainError);
    expect(dashboardPaymentsQuery.safeParse({ q: "a" }).success).toBe(false);
  });
});
