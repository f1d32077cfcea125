import { CompiledQuery, sql, type Compilable, type RawBuilder } from "kysely";
import { dialect, getDb } from "@/lib/db/client";

/**
 * The plan the database picks for a query, as text, for plan tests. SQLite: `explain query plan`,
 * as the app plans (no ANALYZE). PostgreSQL: `explain` with the `priced` planner settings turned off
 * in a rolled-back scope (sequential scans by default: a small test table would otherwise be
 * scanned), which shows the planner CAN serve the query from an index.
 */
export async function queryPlan(
  query: Compilable<unknown> | RawBuilder<unknown>,
  priced = ["enable_seqscan"],
): Promise<string> {
  const { sql: text, parameters } = query.compile(getDb());
  if (dialect() === "sqlite") {
    const rows = await getDb().executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
    );
    return rows.rows.map((r) => r.detail).join("\n");
  }
  return getDb()
    .transaction()
    .execute(async (tx) => {
      for (const setting of priced) await sql`select set_config(${setting}, 'off', true)`.execute(tx);
      const rows = await tx.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`explain ${text}`, [...parameters]),
      );
      return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
}
