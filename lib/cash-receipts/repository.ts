import type { ExpressionBuilder } from "kysely";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { pageWithTotal } from "@/lib/db/page-with-total";
import { jsonRows, parseJsonRows } from "@/lib/db/json-rows";
import type { DB } from "@/lib/db/schema";
import type { CashReceiptsTable } from "@/lib/db/tables/cash-receipts";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { DomainError } from "@/lib/errors/domain-error";
import { receiptChannel, type ReceiptChannel } from "./schema";

/** A receipt as the domain sees it: the channel it was issued on parsed and checked once, here. */
export type CashReceiptRecord = Omit<CashReceiptsTable, "channel"> & { channel: ReceiptChannel };

function toRecord(row: CashReceiptsTable): CashReceiptRecord {
  return { ...row, channel: receiptChannel.parse(JSON.parse(row.channel)) };
}

/** The payment's receipt: the newest issuance (a cancelled one may have been issued again). */
export async function findLatestReceipt(
  merchantId: string,
  storeId: string,
  paymentId: string,
  db: Db | Tx = getDb(),
): Promise<CashReceiptRecord | undefined> {
  const row = await db
    .selectFrom("cash_receipts")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .where("payment_id", "=", paymentId)
    .orderBy("issued_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Whether the store has a payment (any transaction) with this id. */
export async function paymentExists(merchantId: string, storeId: string, paymentId: string): Promise<boolean> {
  const row = await getDb()
    .selectFrom("transactions")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The receipt, else CASH_RECEIPT_NOT_FOUND when the payment is ours, else PAYMENT_NOT_FOUND (CONTRACT §6). */
export async function findReceiptOrThrow(
  merchantId: string,
  storeId: string,
  paymentId: string,
): Promise<CashReceiptRecord> {
  const row = await findLatestReceipt(merchantId, storeId, paymentId);
  if (row) return row;
  if (await paymentExists(merchantId, storeId, paymentId))
    throw new DomainError("CASH_RECEIPT_NOT_FOUND", "this payment has no cash receipt");
  throw new DomainError("PAYMENT_NOT_FOUND", "no payment or cash receipt with this payment id");
}

export async function insertReceipt(tx: Db | Tx, record: CashReceiptRecord): Promise<void> {
  await tx
    .insertInto("cash_receipts")
    .values({ ...record, channel: JSON.stringify(record.channel) })
    .execute();
}

/** ISSUED → CANCELLED for the whole amount; false when it was cancelled meanwhile. */
export async function markCancelled(receipt: CashReceiptRecord, now: number, db: Db | Tx = getDb()): Promise<boolean> {
  const done = await db
    .updateTable("cash_receipts")
    .set({ status: "CANCELLED", cancelled_at: now, cancelled_amount: receipt.amount, updated_at: now })
    .where("id", "=", receipt.id)
    .where("status", "=", "ISSUED")
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** The tax office's number a PG reported after issuance (only while none is recorded). */
export async function recordIssueNumber(receiptId: string, issueNumber: string, now: number): Promise<void> {
  await getDb()
    .updateTable("cash_receipts")
    .set({ issue_number: issueNumber, updated_at: now })
    .where("id", "=", receiptId)
    .where("issue_number", "=", "")
    .execute();
}

/** One page of a store's receipts, newest first, with the total; `from`/`to` bound issued_at (epoch ms, to exclusive). */
export async function pageReceipts(
  merchantId: string,
  storeId: string,
  filter: {
    status?: CashReceiptsTable["status"];
    type?: CashReceiptsTable["type"];
    from?: number;
    to?: number;
    limit: number;
    offset: number;
  },
): Promise<{ rows: CashReceiptRecord[]; total: number }> {
  let q = getDb().selectFrom("cash_receipts").where("merchant_id", "=", merchantId).where("store_id", "=", storeId);
  if (filter.status) q = q.where("status", "=", filter.status);
  if (filter.type) q = q.where("type", "=", filter.type);
  if (filter.from !== undefined) q = q.where("issued_at", ">=", filter.from);
  if (filter.to !== undefined) q = q.where("issued_at", "<", filter.to);
  const { rows, total } = await pageWithTotal(q, (filtered) =>
    filtered
      .selectAll()
      .orderBy("issued_at", "desc")
      .orderBy("id", "desc")
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  );
  return { rows: rows.map(toRecord), total };
}

/** A receipt by its page token, with the names its page prints. */
export async function findReceiptByToken(
  token: string,
): Promise<{ receipt: CashReceiptRecord; storeName: string; merchantName: string } | undefined> {
  const row = await getDb()
    .selectFrom("cash_receipts")
    .innerJoin("stores", "stores.id", "cash_receipts.store_id")
    .innerJoin("merchants", "merchants.id", "cash_receipts.merchant_id")
    .selectAll("cash_receipts")
    .select(["stores.name as store_name", "merchants.name as merchant_name"])
    .where("cash_receipts.receipt_token", "=", token)
    .executeTakeFirst();
  if (!row) return undefined;
  const { store_name, merchant_name, ...receipt } = row;
  return { receipt: toRecord(receipt), storeName: store_name, merchantName: merchant_name };
}

/**
 * The payment transaction an automatic issuance is for. Reads and the form's removal stay here
 * until lib/payments has moved onto its repository (then they become its functions).
 */
export function findTransactionById(id: string): Promise<TransactionsTable | undefined> {
  return getDb().selectFrom("transactions").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The registration number is not kept a moment longer than needed. */
export async function dropCashReceiptForm(transactionId: string): Promise<void> {
  await getDb().updateTable("transactions").set({ cash_receipt_form: null }).where("id", "=", transactionId).execute();
}

/** The columns a Transaction's `cash_receipt` shows (the spec's CashReceiptDetail). */
export type CashReceiptDetailRow = Pick<
  CashReceiptsTable,
  | "pg_receipt_id"
  | "issue_number"
  | "type"
  | "amount"
  | "tax_free_amount"
  | "status"
  | "issued_at"
  | "cancelled_at"
  | "receipt_token"
>;
const DETAIL_COLUMNS = [
  "id",
  "pg_receipt_id",
  "issue_number",
  "type",
  "amount",
  "tax_free_amount",
  "status",
  "issued_at",
  "cancelled_at",
  "receipt_token",
] as const;

/** A transaction's receipts as one JSON-array column of its row (the payment read is one statement). */
export function receiptsOfTransaction(eb: ExpressionBuilder<DB, "transactions">) {
  return jsonRows(
    eb
      .selectFrom("cash_receipts")
      .select(DETAIL_COLUMNS)
      .whereRef("cash_receipts.transaction_id", "=", "transactions.id"),
  );
}

/** The rows `receiptsOfTransaction` selected. */
export function parseTransactionReceipts(value: unknown): (CashReceiptDetailRow & { id: string })[] {
  return parseJsonRows<CashReceiptDetailRow & { id: string }>(value);
}
