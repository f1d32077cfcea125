import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * One row per customer per store, kept by triggers on `transactions` in the payment's own write:
 * the customer list and its search page over a store's customers (tens of thousands) instead of
 * its payments (millions). The contact is the newest non-empty name, e-mail and phone the
 * customer's attempts carried; `search_doc` (generated) is what a search looks in: the id, the
 * contact and the phone's digits, lowercased, a space around each part (lib/customers/search.ts).
 */
const FIELDS = ["customer_name", "customer_email", "customer_phone"] as const;

const digits = (c: string) => `replace(replace(replace(replace(${c}, '-', ''), ' ', ''), '+', ''), '.', '')`;
const DOC = `lower(' ' || customer_id || ' ' || ${["customer_name", "customer_email", "customer_phone"]
  .map((c) => `coalesce(${c}, '')`)
  .join(" || ' ' || ")} || ' ' || ${digits("coalesce(customer_phone, '')")} || ' ')`;

/** The row's contact replaces the stored one field by field when it is at least as new. */
const upsert = (greatest: string) => `insert into store_customers
    (merchant_id, store_id, customer_id, ${FIELDS.join(", ")}, last_at, attempts)
  values (new.merchant_id, new.store_id, new.customer_id, ${FIELDS.map((f) => `new.${f}`).join(", ")}, new.requested_at, 1)
  on conflict (store_id, customer_id) do update set
    attempts = store_customers.attempts + 1,
    last_at = ${greatest}(store_customers.last_at, excluded.last_at),
    ${FIELDS.map(
      (f) => `${f} = case when excluded.last_at >= store_customers.last_at
        then coalesce(excluded.${f}, store_customers.${f}) else coalesce(store_customers.${f}, excluded.${f}) end`,
    ).join(",\n    ")};`;

/** A changed contact on an attempt (not done by the app; kept true for direct edits) becomes the customer's. */
const contactUpdate = `update store_customers set ${FIELDS.map((f) => `${f} = coalesce(new.${f}, ${f})`).join(", ")}
  where store_id = new.store_id and customer_id = new.customer_id;`;

const CONTACT_CHANGED = (distinct: string) =>
  `new.customer_id is not null and (${FIELDS.map((f) => `old.${f} ${distinct} new.${f}`).join(" or ")})`;

const newest = (f: string) => `(select x.${f} from transactions x
  where x.store_id = t.store_id and x.customer_id = t.customer_id and x.${f} is not null
  order by x.requested_at desc limit 1)`;

/** The roll-up of the payments already recorded (what the triggers keep from then on). */
export async function fillStoreCustomers(db: Kysely<unknown>): Promise<void> {
  await sql`insert into store_customers (merchant_id, store_id, customer_id, ${sql.raw(FIELDS.join(", "))}, last_at, attempts)
    select t.merchant_id, t.store_id, t.customer_id, ${sql.raw(FIELDS.map(newest).join(", "))},
      max(t.requested_at), count(*)
    from transactions t where t.customer_id is not null group by t.merchant_id, t.store_id, t.customer_id`.execute(db);
}

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const bigint = sql.raw(dialect === "postgres" ? "bigint" : "integer");
  await sql`create table store_customers (
    merchant_id text not null, store_id text not null, customer_id text not null,
    customer_name text, customer_email text, customer_phone text,
    last_at ${bigint} not null, attempts ${bigint} not null,
    search_doc text generated always as (${sql.raw(DOC)}) stored,
    primary key (store_id, customer_id))`.execute(db);
  await sql`create index store_customers_recent_idx on store_customers (store_id, last_at, customer_id)`.execute(db);

  await fillStoreCustomers(db);

  if (dialect === "sqlite") {
    await sql
      .raw(
        `create trigger store_customers_insert after insert on transactions when new.customer_id is not null begin ${upsert("max")} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger store_customers_update after update on transactions when ${CONTACT_CHANGED("is not")} begin ${contactUpdate} end`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(`create function store_customers_upsert() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${upsert("greatest")} else ${contactUpdate} end if;
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(
      `create trigger store_customers_insert after insert on transactions for each row when (new.customer_id is not null) execute function store_customers_upsert()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger store_customers_update after update on transactions for each row when (${CONTACT_CHANGED("is distinct from")}) execute function store_customers_upsert()`,
    )
    .execute(db);
}
