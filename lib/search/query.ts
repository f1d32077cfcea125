import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { dialect } from "@/lib/db/client";
import type { DB } from "@/lib/db/schema";
import { searchDocument } from "./document";
import { MAX_QUERY_LENGTH } from "./limits";


/** Trims and collapses whitespace; the index folds case itself. */
export function normalizeQuery(raw: string): string {
  return raw.trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH);
}

/**
 * The transactions whose search document contains the query, case-insensitively.
 * Three or more characters match anywhere (a trigram index can serve them); two characters match
 * the start or end of a word ("지호" finds 이지호, "li" finds Lee), written as a three-character
 * pattern with the space around each word, so the index still serves it.
 */
export function matchesQuery(eb: ExpressionBuilder<DB, "transactions">, query: string): Expression<SqlBool> {
  const q = normalizeQuery(query);
  const patterns = [...q].length >= 3 ? [q] : [` ${q}`, `${q} `];
  if (dialect() === "postgres") {
    const doc = searchDocument("transactions");
    const like = patterns.map((p) => sql<SqlBool>`${doc} ilike ${`%${p.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    return eb.or(like);
  }
  // FTS5 phrase syntax: a double quote inside a phrase is written twice.
  const match = patterns.map((p) => `"${p.replaceAll('"', '""')}"`).join(" OR ");
  const ids = sql<string>`(select k.tx_id from payment_search s join payment_search_keys k on k.id = s.rowid where payment_search match ${match})`;
  return sql<SqlBool>`${eb.ref("transactions.id")} in ${ids}`;
}
