import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { dialect, getDb, withTransaction } from "@/lib/db/client";
import { fillStoreCustomers } from "@/lib/db/migrations/0185_store_customers";
import type { DB } from "@/lib/db/schema";
import { searchPalette } from "@/lib/search/palette";
import { contextOf } from "@/lib/testing/billing";
import { dashboardContextOf } from "@/lib/testing/dashboard-context";
import { newMerchant } from "@/lib/testing/fixtures";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { queryPlan } from "@/lib/testing/query-plan";
import { insertStore } from "@/lib/tenancy/insert-store";
import { listCustomers } from "./list-customers";
import { countStoreCustomers, storeCustomerPageQuery } from "./repository";

const page = { page: 0, limit: 20 };
const ids = (r: { customers: { id: string }[] }) => r.customers.map((c) => c.id).sort();

describe("store customers roll-up", () => {
  it("a search reads the store's customers (one row each), never its payments", async () => {
    const m = await newMerchant();
    const scope = { merchantId: m.merchant_id, storeId: m.store_id };
    // At 1M payments, grouping a name's ~6,400 matching attempts per search took 9 s on SQLite.
    for (const q of [undefined, "지호", "01012345678"]) {
      const plan = await queryPlan(storeCustomerPageQuery(scope, q, { offset: 0, limit: 20 }));
      expect(plan).toMatch(/store_customers/);
      expect(plan).not.toMatch(/transactions/);
    }
  });

  it("SQLite: a search of two or more characters reads the trigram table, the first page an index", async () => {
    const m = await newMerchant();
    const scope = { merchantId: m.merchant_id, storeId: m.store_id };
    const tag = Date.now().toString(36);
    await createPayment({ ...scope, customer: { id: `fts-${tag}`, name: "김지호" } });
    const found = async (q: string) => ids(await listCustomers({ ctx: contextOf(m), input: { ...page, q } }));
    expect(await found("지호")).toEqual([`fts-${tag}`]);
    expect(await found("김지호")).toEqual([`fts-${tag}`]);
    expect(await found("호")).toEqual([`fts-${tag}`]);
    expect(await found("지호김")).toEqual([]);
    if (dialect() !== "sqlite") return;
    // Each search read all ~50,000 customers of a store at 1M payments (576-1,074 ms p95).
    for (const q of ["지호", "김지호", "01012345678"]) {
      const plan = await queryPlan(storeCustomerPageQuery(scope, q, { offset: 0, limit: 20 }));
      expect(plan).toMatch(/customer_search VIRTUAL TABLE/);
      expect(plan).not.toMatch(/SCAN store_customers/);
    }
    const first = await queryPlan(storeCustomerPageQuery(scope, undefined, { offset: 0, limit: 20 }));
    expect(first).toMatch(
      /store_customers USING (COVERING )?INDEX store_customers_recent_idx \(store_id=\? AND merchant_id=\?\)/,
    );
  });

  it("finds any part of a name, an e-mail or a phone's digits; one row per customer with its attempts", async () => {
    const m = await newMerchant();
    const tag = Date.now().toString(36);
    const at = { merchantId: m.merchant_id, storeId: m.store_id };
    const jiho = `jiho-${tag}`;
    await createPayment({ ...at, customer: { id: jiho, name: "김지호", phone_number: "010-2345-6789" } });
    // A retry without contact, then one with a new e-mail: the name and phone stay, the e-mail is added.
    await createPayment({ ...at, customer: { id: jiho }, outcome: "FAILED" });
    await createPayment({ ...at, customer: { id: jiho, email: `Jiho.Kim-${tag}@Example.com` } });
    await createPayment({ ...at, customer: { id: `minji-${tag}`, name: "이민지", phone_number: "01098765432" } });
    const ctx = contextOf(m);
    const find = async (q: string) => ids(await listCustomers({ ctx, input: { ...page, q } }));

    expect(await find("김지호")).toEqual([jiho]);
    expect(await find("지호")).toEqual([jiho]);
    expect(await find(`jiho.kim-${tag}@example`)).toEqual([jiho]);
    expect(await find("2345-6789")).toEqual([jiho]);
    expect(await find("987654")).toEqual([`minji-${tag}`]);
    expect(await find(`minji-${tag}`)).toEqual([`minji-${tag}`]);
    expect(await find("nobody-here")).toEqual([]);
    expect(await countStoreCustomers(at, tag)).toBe(2);

    const all = await listCustomers({ ctx, input: page });
    expect(all.customers.find((c) => c.id === jiho)).toMatchObject({
      name: "김지호",
      email: `Jiho.Kim-${tag}@Example.com`,
      phone_number: "010-2345-6789",
      payment_count: 3,
    });
  });

  it("a changed contact on an attempt becomes the customer's", async () => {
    const m = await newMerchant();
    const id = `c-${Date.now().toString(36)}`;
    const p = await createPayment({
      merchantId: m.merchant_id,
      storeId: m.store_id,
      customer: { id, name: "Old Name" },
    });
    await getDb().updateTable("transactions").set({ customer_name: "박서연" }).where("id", "=", p.id).execute();
    const ctx = contextOf(m);
    expect(ids(await listCustomers({ ctx, input: { ...page, q: "서연" } }))).toEqual([id]);
    expect(ids(await listCustomers({ ctx, input: { ...page, q: "old name" } }))).toEqual([]);
  });
});

describe("⌘K palette customers", () => {
  it("finds the user's stores' customers by name, phone or e-mail, never another merchant's", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const second = await withTransaction((tx) =>
      insertStore(tx, { merchantId: m.merchant_id, name: "Second", isDefault: false }),
    );
    const tag = Date.now().toString(36);
    const customer = (id: string) => ({
      id,
      name: `한소희${tag}`,
      email: `sohee-${tag}@example.com`,
      phone_number: "01024681357",
    });
    await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, customer: customer(`home-${tag}`) });
    await createPayment({ merchantId: m.merchant_id, storeId: second.id, customer: customer(`second-${tag}`) });
    await createPayment({
      merchantId: other.merchant_id,
      storeId: other.store_id,
      customer: customer(`foreign-${tag}`),
    });
    const ctx = dashboardContextOf(m, [m.store_id, second.id]);
    const found = async (q: string, c = ctx) =>
      (await searchPalette({ ctx: c, input: { q } })).customers.map((x) => `${x.storeId}/${x.id}`).sort();
    const both = [`${m.store_id}/home-${tag}`, `${second.id}/second-${tag}`].sort();
    expect(await found(`소희${tag}`)).toEqual(both);
    expect(await found(`sohee-${tag}@`)).toEqual(both);
    expect((await searchPalette({ ctx, input: { q: `home-${tag}` } })).customers).toEqual([
      {
        id: `home-${tag}`,
        storeId: m.store_id,
        name: `한소희${tag}`,
        email: `sohee-${tag}@example.com`,
        phone: "01024681357",
      },
    ]);
    const limited = dashboardContextOf({ merchant_id: m.merchant_id, store_id: second.id }, [second.id], true);
    expect(await found(`소희${tag}`, limited)).toEqual([`${second.id}/second-${tag}`]);
  });
});

describe("store customers backfill (migration 0185)", () => {
  it("builds from recorded payments the rows the triggers keep", async () => {
    const m = await newMerchant();
    const at = { merchantId: m.merchant_id, storeId: m.store_id };
    const id = `fill-${Date.now().toString(36)}`;
    await createPayment({ ...at, customer: { id, name: "최유나", phone_number: "010-5555-0000" } });
    await createPayment({ ...at, customer: { id, email: "yuna@example.com" }, outcome: "FAILED" });
    await createPayment({ ...at, customer: { id: `${id}-b`, name: "Lee" } });
    const rowsOf = (db: Kysely<DB>) =>
      db
        .selectFrom("store_customers")
        .selectAll()
        .where("merchant_id", "=", m.merchant_id)
        .orderBy("customer_id")
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, last_at: Number(r.last_at), attempts: Number(r.attempts) })));
    const kept = await rowsOf(getDb());
    expect(kept.map((r) => [r.customer_id, r.customer_name, r.customer_email, r.attempts])).toEqual([
      [id, "최유나", "yuna@example.com", 2],
      [`${id}-b`, "Lee", null, 1],
    ]);
    // Rebuilt from the payments in a transaction that is rolled back: the other tests' rows stay.
    const rebuilt = await getDb()
      .transaction()
      .execute(async (tx) => {
        await tx.deleteFrom("store_customers").execute();
        await fillStoreCustomers(tx as unknown as Kysely<unknown>);
        throw new Rebuilt(await rowsOf(tx));
      })
      .catch((e: unknown) => (e instanceof Rebuilt ? e.rows : Promise.reject(e)));
    expect(rebuilt).toEqual(kept);
  });
});

class Rebuilt extends Error {
  constructor(readonly rows: unknown[]) {
    super("rolled back");
  }
}
