import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { dialect, getDb } from "@/lib/db/client";
import type { DB } from "@/lib/db/schema";
import { searchDocument } from "./document";
import { MAX_QUERY_LENGTH } from "../limits";

/** Trims and collapses whitespace; the index folds case itself. */
function normalizeQuery(raw: string): string {
  return raw.trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH);
}

function patternsOf(query: string): string[] {
  const q = normalizeQuery(query);
  return [...q].length >= 3 ? [q] : [` ${q}`, `${q} `];
}

/** FTS5 phrase syntax: a double quote inside a phrase is written twice. */
function ftsMatch(query: string): string {
  return patternsOf(query)
    .map((p) => `"${p.replaceAll('"', '""')}"`)
    .join(" OR ");
}

/**
 * The FTS5 trigram query for a search, or null when a pattern is under three characters (a
 * one-character query): the trigram index cannot find those, so the caller tests each row.
 */
export function trigramMatch(query: string): string | null {
  return patternsOf(query).every((p) => [...p].length >= 3) ? ftsMatch(query) : null;
}

/** A LIKE pattern matching `p` anywhere, its wildcards taken literally (escape character: backslash). */
function containing(p: string): string {
  return `%${p.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a search document contains the query, case-insensitively.
 * Three or more characters match anywhere (a trigram index can serve them); two characters match
 * the start or end of a word ("지호" finds 이지호, "li" finds Lee), written as a three-character
 * pattern with the space around each word, so the index still serves it.
 * PostgreSQL: the stored document is lowercased, so `like lower(pattern)` is what `ilike` would do
 * (it lowercases both sides) without lowercasing every row's document once per pattern.
 */
export function documentContains(query: string): (doc: Expression<string>) => Expression<SqlBool> {
  const postgres = dialect() === "postgres";
  const patterns = patternsOf(query).map((p) => (postgres ? sql`lower(${containing(p)})` : sql`${containing(p)}`));
  return (doc) =>
    sql<SqlBool>`(${sql.join(
      patterns.map((p) => sql`${doc} like ${p} escape '\\'`),
      sql` or `,
    )})`;
}

/** The transactions among these ids (one JSON array parameter: one statement text whatever their number). */
function amongIds(eb: ExpressionBuilder<DB, "transactions">, ids: string[]): Expression<SqlBool> {
  return sql<SqlBool>`${eb.ref("transactions.id")} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** Past this many index matches (all tenants), a query is common enough to test row by row instead. */
const SELECTIVE_LIMIT = 5_000;

export type SearchPlan = {
  where: (eb: ExpressionBuilder<DB, "transactions">) => Expression<SqlBool>;
  selective: boolean;
  /** The same test on a document column of a subquery (for the bounded count of a common word). */
  testDocument: (doc: Expression<string>) => Expression<SqlBool>;
};

/**
 * How to run a search. PostgreSQL's planner chooses between the trigram index and the time index
 * from its statistics. SQLite has none for FTS, so we ask the index which rows match (up to a
 * bound): few, and those ids drive the page and the count (the index is read once per search, not
 * once per query); many ("desk" in a furniture shop), and the list walks its time index testing
 * each row's document, stopping at the first page.
 */
export async function planSearch(query: string, selectiveLimit = SELECTIVE_LIMIT): Promise<SearchPlan> {
  const contains = documentContains(query);
  if (dialect() === "postgres")
    return { where: () => contains(searchDocument("transactions")), selective: true, testDocument: contains };
  const match = ftsMatch(query);
  const matched = await sql<{
    tx_id: string;
  }>`select k.tx_id from payment_search s join payment_search_keys k on k.id = s.rowid where payment_search match ${match} limit ${selectiveLimit}`.execute(
    getDb(),
  );
  if (matched.rows.length < selectiveLimit) {
    const ids = matched.rows.map((r) => r.tx_id);
    return { where: (eb) => amongIds(eb, ids), selective: true, testDocument: contains };
  }
  return { where: () => contains(searchDocument("transactions")), selective: false, testDocument: contains };
}
