import type { Insertable } from "kysely";
import type { Tx } from "@/lib/db/client";
import type { CancellationsTable, TransactionsTable } from "@/lib/db/tables/payments";

/**
 * Many rows in few statements, for imports and the benchmark seeder: multi-row INSERTs sized under
 * both databases' bound-parameter limits (SQLite 32,766, PostgreSQL 65,535). The caller's
 * transaction makes the batch one durable commit. Rows go in as given: no life-cycle rules run.
 */
const MAX_PARAMETERS = 30_000;

async function insertChunked<T extends "transactions" | "cancellations">(
  tx: Tx,
  table: T,
  rows: Insertable<T extends "transactions" ? TransactionsTable : CancellationsTable>[],
) {
  if (rows.length === 0) return;
  const perRow = Object.keys(rows[0]!).length;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / perRow));
  for (let i = 0; i < rows.length; i += size) {
    await tx
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

export function insertTransactionRows(tx: Tx, rows: Insertable<TransactionsTable>[]): Promise<void> {
  return insertChunked(tx, "transactions", rows);
}

export function insertCancellationRows(tx: Tx, rows: Insertable<CancellationsTable>[]): Promise<void> {
  return insertChunked(tx, "cancellations", rows);
}
