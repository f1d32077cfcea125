import { NoResultError, type QueryCreator } from "kysely";
import { z } from "zod";
import { DomainError } from "@/lib/errors/domain-error";
import { dialect, getDb, type Tx } from "@/lib/db/client";
import type { DB } from "@/lib/db/schema";
import { insertUnsealedEntry, insertUnsealedEntryFrom, type UnsealedEntry } from "@/lib/audit/repository";
import { requireRows, StaleWriteError } from "@/lib/db/conditional";
import { lockForUpdate } from "@/lib/db/row-lock";
import type {
  CancellationStatus,
  LateApprovalStatus,
  LateApprovalsTable,
  TransactionStatus,
  TransactionsTable,
} from "@/lib/db/tables/payments";
import type { ChannelRef } from "@/lib/providers/types";
import { type CancellationRow, findPrimaryTransaction, parseStoredJson, type TransactionRow } from "../repository";
import { executeNamed, executeShaped } from "@/lib/db/precompiled";

/**
 * The payment write side's shared access to `transactions` rows: row locks for read-then-write,
 * the conditional state write the transition functions make, and the JSON columns every operation
 * reads (channel snapshot, notice URLs), parsed and checked here once.
 */
export type { CancellationRow, TransactionRow };
export type LateApprovalRow = LateApprovalsTable;
export type { CancellationStatus, LateApprovalStatus, TransactionStatus };
/** Every column a transition may set besides the state and its times. */
export type TransactionPatch = Partial<Omit<TransactionsTable, "id" | "status" | "status_updated_at" | "updated_at">>;

/**
 * Row locks for read-then-write inside a DB transaction. PostgreSQL: SELECT … FOR UPDATE.
 * SQLite: the transaction already holds the database write lock (BEGIN IMMEDIATE), and has no
 * FOR UPDATE syntax.
 */
export async function lockPrimaryTransaction(
  tx: Tx,
  merchantId: string,
  storeId: string,
  paymentId: string,
): Promise<TransactionsTable> {
  const row = await findPrimaryTransaction(merchantId, { storeId, paymentId }, tx, { lock: true });
  if (!row) throw new DomainError("PAYMENT_NOT_FOUND", `no payment ${paymentId} in this store`);
  return row;
}

export async function lockTransaction(tx: Tx, transactionId: string): Promise<TransactionsTable> {
  const query = lockForUpdate(tx.selectFrom("transactions").selectAll().where("id", "=", transactionId));
  const [row] = (await executeNamed(tx, query)).rows;
  if (!row) throw new NoResultError(query.toOperationNode());
  return row;
}

/**
 * The row lock of a state change that will announce a webhook, with an enabled webhook endpoint's
 * address of the store (any one: whether there is somewhere to send) read in the same statement (the webhook goes there when the request named no notice URL): one
 * round trip instead of two on the payment's outcome.
 */
export async function lockTransactionWithStoreWebhook(
  tx: Tx,
  transactionId: string,
): Promise<{ row: TransactionsTable; storeWebhookUrl: string | null }> {
  const query = (v: { id: string }) =>
    lockForUpdate(
      tx
        .selectFrom("transactions")
        .selectAll("transactions")
        .select((eb) =>
          eb
            .selectFrom("webhook_endpoints")
            .select("webhook_endpoints.url")
            .whereRef("webhook_endpoints.store_id", "=", "transactions.store_id")
            .whereRef("webhook_endpoints.merchant_id", "=", "transactions.merchant_id")
            .where("webhook_endpoints.enabled", "=", 1)
            .limit(1)
            .as("store_webhook_url"),
        )
        .where("transactions.id", "=", v.id),
    );
  const [found] = (await executeShaped(tx, "lock transaction with store webhook", { id: transactionId }, query)).rows;
  if (!found) throw new NoResultError(query({ id: transactionId }).toOperationNode());
  const { store_webhook_url, ...row } = found;
  return { row, storeWebhookUrl: store_webhook_url ?? null };
}

/** The transaction as it stands now (after a call or a look-up changed it). */
export function currentTransaction(id: string): Promise<TransactionsTable> {
  return getDb().selectFrom("transactions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** Replaces a transaction's payment_method_detail (no state move: a virtual account's refund status). */
export async function writeMethodDetail(tx: Tx, row: TransactionsTable, detail: string): Promise<void> {
  await tx
    .updateTable("transactions")
    .set({ payment_method_detail: detail, updated_at: Math.max(Date.now(), row.updated_at + 1) })
    .where("id", "=", row.id)
    .execute();
}

/** A transaction by our id alone (a provider's callback names it), or undefined. */
export function findTransactionById(id: string): Promise<TransactionsTable | undefined> {
  return getDb().selectFrom("transactions").selectAll().where("id", "=", id).executeTakeFirst();
}

type StatePatch = TransactionPatch & Pick<TransactionsTable, "status" | "status_updated_at" | "updated_at">;

/** Keys of the bound values no column has: the row's own key and state, and the audit entry's fields. */
const GUARD = "\u0000";
const ENTRY = "\u0000audit.";

/**
 * The values one state write binds (executeShaped binds them all): the columns set, the row's key
 * and state as the caller read it, and the change's audit entry when the same statement writes it.
 */
function writeValues(row: TransactionsTable, set: StatePatch, entry: UnsealedEntry | undefined) {
  const values: Record<string, unknown> = {
    ...set,
    [`${GUARD}id`]: row.id,
    [`${GUARD}status`]: row.status,
    [`${GUARD}updated_at`]: row.updated_at,
  };
  if (entry) for (const [key, value] of Object.entries(entry)) values[`${ENTRY}${key}`] = value;
  return values;
}

/** UPDATE of the columns set, matching only the row exactly as the caller read it. */
function guardedUpdate(db: QueryCreator<DB>, values: Record<string, unknown>) {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) if (!key.startsWith(GUARD)) columns[key] = value;
  return db
    .updateTable("transactions")
    .set(columns as StatePatch)
    .where("id", "=", values[`${GUARD}id`] as string)
    .where("status", "=", values[`${GUARD}status`] as TransactionStatus)
    .where("updated_at", "=", values[`${GUARD}updated_at`] as number);
}

/** The audit entry among a state write's bound values (placeholders while its statement is shaped). */
function entryOf(values: Record<string, unknown>): UnsealedEntry {
  const entry: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) if (key.startsWith(ENTRY)) entry[key.slice(ENTRY.length)] = value;
  return entry as UnsealedEntry;
}

/**
 * Whether a state write's own statement writes the change's audit entry: on PostgreSQL the guarded
 * UPDATE becomes a CTE and the entry is inserted from its row, so both or neither are written, in
 * one round trip (docs/benchmarks.md "Audit cost"). SQLite has no data-modifying CTE: the entry is a
 * second statement there, in process.
 */
const entryInStatement = (entry: UnsealedEntry | undefined): entry is UnsealedEntry =>
  entry !== undefined && dialect() === "postgres";

/**
 * The state write of `transitionTransaction` (lib/payments/transition.ts): conditional on the row
 * being exactly as the caller read it (status and updated_at; callers hold the row lock). Writes the
 * change's audit entry (`entry`, none when nothing is recorded) with it.
 */
export async function writeTransactionState(
  tx: Tx,
  row: TransactionsTable,
  set: StatePatch,
  entry?: UnsealedEntry,
): Promise<void> {
  const what = `transaction ${row.id} ${row.status} → ${set.status}`;
  if (entryInStatement(entry)) {
    const result = await executeShaped(tx, "transition transaction audited", writeValues(row, set, entry), (v) =>
      tx
        .with("moved", (db) => guardedUpdate(db, v).returning("transactions.id"))
        .with("audited", (db) => insertUnsealedEntryFrom(db, "moved", entryOf(v)))
        .selectFrom("moved")
        .select("moved.id"),
    );
    requireRows({ numUpdatedRows: BigInt(result.rows.length) }, 1, what);
    return;
  }
  const result = await executeShaped(tx, "transition transaction", writeValues(row, set, undefined), (v) =>
    guardedUpdate(tx, v),
  );
  requireRows({ numUpdatedRows: result.numAffectedRows ?? 0n }, 1, what);
  if (entry) await insertUnsealedEntry(tx, entry);
}

/** The unlocked write's UPDATE: answers the row as written and the store's webhook address. */
function unlockedUpdate(db: QueryCreator<DB>, values: Record<string, unknown>) {
  return guardedUpdate(db, values)
    .returningAll()
    .returning((eb) =>
      eb
        .selectFrom("webhook_endpoints")
        .select("webhook_endpoints.url")
        .whereRef("webhook_endpoints.store_id", "=", "transactions.store_id")
        .whereRef("webhook_endpoints.merchant_id", "=", "transactions.merchant_id")
        .where("webhook_endpoints.enabled", "=", 1)
        .limit(1)
        .as("store_webhook_url"),
    );
}

/**
 * The state write of a transition on a row the caller knows without having locked it (the attempt
 * it has just recorded): the same guarded UPDATE, which takes the row lock itself, answering the row
 * as written and the store's webhook address. One round trip where the lock read and the write were
 * two (and the audit entry a third). A row that changed meanwhile matches nothing (and no entry is
 * written): StaleWriteError, and the caller locks it and reads it as it stands.
 */
export async function writeUnlockedTransactionState(
  tx: Tx,
  row: TransactionsTable,
  set: StatePatch,
  entry?: UnsealedEntry,
): Promise<{ row: TransactionsTable; storeWebhookUrl: string | null }> {
  const inStatement = entryInStatement(entry);
  const result = inStatement
    ? await executeShaped(tx, "transition unlocked transaction audited", writeValues(row, set, entry), (v) =>
        tx
          .with("moved", (db) => unlockedUpdate(db, v))
          .with("audited", (db) => insertUnsealedEntryFrom(db, "moved", entryOf(v)))
          .selectFrom("moved")
          .selectAll(),
      )
    : await executeShaped(tx, "transition unlocked transaction", writeValues(row, set, undefined), (v) =>
        unlockedUpdate(tx, v),
      );
  const [written] = result.rows;
  if (!written || result.rows.length !== 1)
    throw new StaleWriteError(`transaction ${row.id} ${row.status} → ${set.status}`);
  if (entry && !inStatement) await insertUnsealedEntry(tx, entry);
  const { store_webhook_url, ...state } = written;
  return { row: state as TransactionsTable, storeWebhookUrl: store_webhook_url ?? null };
}

// The channel snapshot as serializeChannel stored it (its name too, kept as it was).
const storedChannel = z.looseObject({
  id: z.string(),
  key: z.string(),
  type: z.enum(["LIVE", "TEST"]),
  pg_provider: z.string(),
  pg_merchant_id: z.string(),
});

/** The channel a transaction was made on, as the provider registry needs it. */
export function channelRefOf(row: TransactionsTable): ChannelRef {
  if (row.channel)
    return parseStoredJson(row.channel, (v) => storedChannel.parse(v), `transactions.channel of ${row.id}`);
  return {
    id: row.channel_id ?? "",
    key: "",
    type: row.channel_type,
    pg_provider: row.pg_provider ?? "",
    pg_merchant_id: "",
  };
}

/** The payment's own webhook addresses (notice_urls), none when it gave none. */
export function noticeUrlsOf(row: Pick<TransactionsTable, "id" | "notice_urls">): string[] {
  return row.notice_urls
    ? parseStoredJson(row.notice_urls, (v) => z.array(z.string()).parse(v), `transactions.notice_urls of ${row.id}`)
    : [];
}
