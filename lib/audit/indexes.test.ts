import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { dialect, getDb } from "@/lib/db/client";
import { AUDIT_LOG_INDEXES } from "./indexes";

type LiveIndex = { columns: string[]; unique: boolean; where?: string };

/** The live secondary indexes of audit_log: name → columns, uniqueness and a partial index's predicate (primary key left out). */
async function liveIndexes(): Promise<Record<string, LiveIndex>> {
  const db = getDb();
  const live: Record<string, LiveIndex> = {};
  if (dialect() === "postgres") {
    const { rows } = await sql<{ name: string; columns: string[]; unique: boolean; predicate: string | null }>`
      select i.relname as name, x.indisunique as unique, pg_get_expr(x.indpred, x.indrelid) as predicate,
        array(select a.attname from unnest(x.indkey) with ordinality k(attnum, n)
          join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.n)::text[] as columns
      from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = 'audit_log'::regclass and not x.indisprimary`.execute(db);
    for (const r of rows)
      live[r.name] = {
        columns: r.columns,
        unique: r.unique,
        // PostgreSQL prints it back as (action <> 'payment.status_change'::text).
        ...(r.predicate ? { where: r.predicate.replace(/^\((.*)\)$/, "$1").replace(/::text/g, "") } : {}),
      };
  } else {
    const { rows } = await sql<{ name: string; unique: number; partial: number; definition: string }>`
      select l.name, l."unique", l.partial, m.sql as definition from pragma_index_list('audit_log') l
      join sqlite_master m on m.type = 'index' and m.name = l.name where l.origin <> 'pk'`.execute(db);
    for (const r of rows) {
      const cols = await sql<{ name: string }>`select name from pragma_index_info(${r.name}) order by seqno`.execute(
        db,
      );
      live[r.name] = {
        columns: cols.rows.map((c) => c.name),
        unique: r.unique === 1,
        ...(r.partial === 1 ? { where: r.definition.replace(/^.* where /is, "") } : {}),
      };
    }
  }
  return live;
}

describe("audit_log indexes", () => {
  // Each entry is written and then sealed, paying for every index; the partial index on unsealed
  // entries (0081) served only the periodic task and audit-verify, which now probe (merchant_id, seq).
  it("are exactly those lib/audit/indexes.ts names, each with the queries it serves", async () => {
    const expected = Object.fromEntries(
      Object.entries(AUDIT_LOG_INDEXES).map(([name, { columns, unique, where }]) => [
        name,
        { columns, unique, ...(where ? { where } : {}) },
      ]),
    );
    expect(await liveIndexes()).toEqual(expected);
  });
});
