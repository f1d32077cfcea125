import { z } from "zod";
import { sql } from "kysely";
import type { Db, Tx } from "@/lib/db/client";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { parseStoredJson } from "../repository";
import type { SettleContext } from "./settle-context";
import { executeNamed, executeShaped } from "@/lib/db/precompiled";

/** Attempts' own queries: the payment's primary slot and the new attempt row. */
type PaymentKey = { merchantId: string; storeId: string; paymentId: string };

/**
 * The payment's primary transaction, read inside the attempt's DB transaction. `is_primary = 1` is
 * literal, not bound: a named statement's generic plan cannot use the partial unique index for a bound value.
 */
export function primaryForAttemptQuery(db: Db | Tx, key: PaymentKey) {
  // Merchant and store are checked on the row, never as index keys: under a generic plan an index
  // led by merchant_id or store_id estimates as few rows as the one-primary index when stores hold
  // ~1 row each, and was chosen (then walking a big store's history). Only the payment-led
  // one-primary index (payment_id, store_id) can serve this.
  return db
    .selectFrom("transactions")
    .selectAll()
    .where(sql`${sql.ref("merchant_id")} || ''`, "=", key.merchantId)
    .where(sql`${sql.ref("store_id")} || ''`, "=", key.storeId)
    .where("payment_id", "=", key.paymentId)
    .where("is_primary", "=", sql.lit(1));
}

export async function findPrimaryForAttempt(tx: Tx, key: PaymentKey): Promise<TransactionsTable | undefined> {
  return (await executeNamed(tx, primaryForAttemptQuery(tx, key))).rows[0];
}

/** The previous attempt gives up the primary slot (a unique index allows one per payment). */
export async function demotePrimary(tx: Tx, transactionId: string, now: number): Promise<void> {
  await tx
    .updateTable("transactions")
    .set({ is_primary: 0, updated_at: now })
    .where("id", "=", transactionId)
    .execute();
}

export async function insertAttempt(tx: Db | Tx, row: TransactionsTable): Promise<void> {
  await executeShaped(tx, "insert transactions", row, (v) => tx.insertInto("transactions").values(v));
}

const cardInfo = z.looseObject({ number: z.string().nullish() });
const settleContext = z.object({
  installment: z.object({ month: z.number().nullish(), interestFree: z.boolean().nullish() }).optional(),
  keptCard: cardInfo.optional(),
  mobile: z.object({ carrier: z.string().nullish(), phone_number: z.string().nullish() }).optional(),
});

/** What the attempt kept for recording its outcome (settle_context), parsed and checked. */
export function settleContextOf(row: TransactionsTable): SettleContext {
  if (!row.settle_context) return {};
  const where = `transactions.settle_context of ${row.id}`;
  // Checked by the schema; the kept card's other facts pass through as the issuance stored them.
  return parseStoredJson(row.settle_context, (v) => settleContext.parse(v), where) as SettleContext;
}
