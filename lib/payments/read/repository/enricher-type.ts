import type { ExpressionBuilder, RawBuilder } from "kysely";
import type { DB } from "@/lib/db/schema";

/**
 * Parts of a Transaction that other areas own (webhook `notifications`, `cash_receipt`). Each area
 * gives a correlated subquery (its rows of `transactions.id` as a JSON array, lib/db/json-rows.ts)
 * and how those rows become extras, so a payment and everything shown with it load in one statement.
 */
export type TransactionExtras = { notifications?: unknown[]; cash_receipt?: unknown };
export type TransactionEnricher = {
  /** The result column carrying the JSON array (unique among enrichers). */
  column: string;
  rows: (eb: ExpressionBuilder<DB, "transactions">) => RawBuilder<unknown>;
  extras: (value: unknown) => TransactionExtras;
};
