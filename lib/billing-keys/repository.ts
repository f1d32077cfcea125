import { NoResultError } from "kysely";
import { z } from "zod";
import type { Origin } from "@/lib/auth/context";
import type { Customer } from "@/lib/customers/to-customer";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { pageWithTotal } from "@/lib/db/page-with-total";
import { lockForUpdate } from "@/lib/db/row-lock";
import type { BillingKeysTable } from "@/lib/db/tables/billing";
import { prefixMatch } from "@/lib/db/prefix-match";
import { executeNamed, precompiled } from "@/lib/db/precompiled";

export type BillingKeyRef = { merchantId: string; storeId: string; billingKey: string };

/** What the key kept of how it pays: the card detail (masked number, never the number) or the phone. */
export type KeyMethodDetail = {
  card?: { detail?: Record<string, unknown> };
  mobile?: { carrier?: string; phone_number?: string };
};

/** A billing key with its documents parsed and checked once, here. */
export type BillingKeyRecord = Omit<BillingKeysTable, "channel" | "customer" | "origin" | "payment_method_detail"> & {
  /** The wire channel as it was at issuance. */
  channel: Record<string, unknown>;
  customer: Customer;
  origin: Origin;
  payment_method_detail: KeyMethodDetail;
};

const document = z.record(z.string(), z.unknown());
const methodDetail = z.object({
  card: z.object({ detail: document.optional() }).optional(),
  mobile: z.object({ carrier: z.string().optional(), phone_number: z.string().optional() }).optional(),
});

function parseKey(row: BillingKeysTable): BillingKeyRecord {
  return {
    ...row,
    channel: document.parse(JSON.parse(row.channel)),
    customer: document.parse(JSON.parse(row.customer)) as Customer,
    origin: document.parse(JSON.parse(row.origin)) as Origin,
    payment_method_detail: methodDetail.parse(JSON.parse(row.payment_method_detail)),
  };
}

function storeKeys(db: Db | Tx, merchantId: string, storeId: string) {
  return db.selectFrom("billing_keys").where("merchant_id", "=", merchantId).where("store_id", "=", storeId);
}

// A billing-key payment's look-ups, built once: each call binds values.
const storeKey = precompiled((db: Db, merchantId: string, storeId: string, billingKey: string) =>
  storeKeys(db, merchantId, storeId).selectAll().where("id", "=", billingKey),
);
const merchantChannel = precompiled((db: Db, channelId: string, merchantId: string) =>
  db.selectFrom("channels").selectAll().where("id", "=", channelId).where("merchant_id", "=", merchantId),
);

/** One billing key of a store; another merchant's or store's key is simply not found. */
export async function findBillingKey(ref: BillingKeyRef, tx?: Tx): Promise<BillingKeyRecord | undefined> {
  const row = await storeKey.first([ref.merchantId, ref.storeId, ref.billingKey], tx);
  return row && parseKey(row);
}

/** The same, locked for the rest of the transaction (booking and deletion serialise on the key). */
export async function lockBillingKey(ref: BillingKeyRef, tx: Tx): Promise<BillingKeyRecord | undefined> {
  const row = await lockForUpdate(
    storeKeys(tx, ref.merchantId, ref.storeId).selectAll().where("id", "=", ref.billingKey),
  ).executeTakeFirst();
  return row && parseKey(row);
}

/** A key by id within the merchant (a schedule's key: the schedule already names its store). */
export async function requireMerchantKey(merchantId: string, id: string): Promise<BillingKeyRecord> {
  const query = getDb()
    .selectFrom("billing_keys")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId);
  const [row] = (await executeNamed(getDb(), query)).rows;
  if (!row) throw new NoResultError(query.toOperationNode());
  return parseKey(row);
}

/** The channel a key was issued on (charges go through it). */
export async function findKeyChannel(merchantId: string, channelId: string, tx?: Tx) {
  const row = await merchantChannel.first([channelId, merchantId], tx);
  if (!row) throw new NoResultError(getDb().selectFrom("channels").toOperationNode());
  return row;
}

/** The channel of a key, by the key's id. */
export function channelOfKey(db: Db | Tx, keyId: string) {
  return db
    .selectFrom("billing_keys")
    .innerJoin("channels", "channels.id", "billing_keys.channel_id")
    .selectAll("channels")
    .where("billing_keys.id", "=", keyId)
    .executeTakeFirstOrThrow();
}

export async function insertBillingKey(db: Db | Tx, key: BillingKeyRecord): Promise<void> {
  await db
    .insertInto("billing_keys")
    .values({
      ...key,
      channel: JSON.stringify(key.channel),
      customer: JSON.stringify(key.customer),
      origin: JSON.stringify(key.origin),
      payment_method_detail: JSON.stringify(key.payment_method_detail),
    })
    .execute();
}

/** ISSUED → DELETED, in the caller's transaction (which holds the key's lock). */
export async function markKeyDeleted(tx: Tx, id: string, deletedAt: number): Promise<void> {
  await tx
    .updateTable("billing_keys")
    .set({ status: "DELETED", deleted_at: deletedAt })
    .where("id", "=", id)
    .where("status", "=", "ISSUED")
    .execute();
}

/** Undoes markKeyDeleted when the provider refused the deletion (only that deletion's mark); false if already undone. */
export async function restoreDeletedKey(db: Db | Tx, id: string, deletedAt: number): Promise<boolean> {
  const result = await db
    .updateTable("billing_keys")
    .set({ status: "ISSUED", deleted_at: null })
    .where("id", "=", id)
    .where("deleted_at", "=", deletedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The named keys of a store (unknown ids left out). */
export async function listKeysById(merchantId: string, storeId: string, ids: string[]): Promise<BillingKeyRecord[]> {
  const rows = await storeKeys(getDb(), merchantId, storeId).selectAll().where("id", "in", ids).execute();
  return rows.map(parseKey);
}

export type KeyFilter = { customerId?: string; statuses?: BillingKeysTable["status"][] };

/** One page of a store's keys, newest first, and how many match in all. */
export async function pageKeys(
  merchantId: string,
  storeId: string,
  filter: KeyFilter,
  page: { offset: number; limit: number },
) {
  let q = storeKeys(getDb(), merchantId, storeId);
  if (filter.customerId) q = q.where("customer_id", "=", filter.customerId);
  if (filter.statuses && filter.statuses.length > 0) q = q.where("status", "in", filter.statuses);
  const { rows, total } = await pageWithTotal(q, (filtered) =>
    filtered
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  );
  return { total, keys: rows.map(parseKey) };
}

/** The payment attempts made with one key of a store, newest first (at most `limit`). */
export function listKeyAttempts(merchantId: string, storeId: string, billingKey: string, limit: number) {
  return keyAttemptsQuery(merchantId, storeId, billingKey, limit).execute();
}

/** The statement behind listKeyAttempts (its plan is tested: lib/db/transactions-plans.test.ts). */
export function keyAttemptsQuery(merchantId: string, storeId: string, billingKey: string, limit: number) {
  return getDb()
    .selectFrom("transactions")
    .select(["payment_id", "id", "status", "total_amount", "currency", "order_name", "schedule_id", "requested_at"])
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .where("billing_key", "=", billingKey)
    .orderBy("requested_at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
}

/** Keys of these stores whose id starts with the text (⌘K), at most `limit`. */
export function findKeysByIdPrefix(merchantId: string, storeIds: string[], text: string, limit: number) {
  return getDb()
    .selectFrom("billing_keys")
    .select(["id", "store_id", "status", "customer_id"])
    .where("merchant_id", "=", merchantId)
    .where("store_id", "in", storeIds)
    .where(() => prefixMatch("id", text))
    .limit(limit)
    .execute();
}
