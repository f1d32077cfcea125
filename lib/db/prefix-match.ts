import { sql, type Expression, type SqlBool } from "kysely";
import { dialect } from "./client";

/**
 * A case-sensitive prefix match that both databases answer from a plain btree: GLOB on SQLite
 * (binary collation), LIKE on PostgreSQL (the 0008 indexes use text_pattern_ops).
 */
export function prefixMatch(column: Expression<unknown> | string, value: string): Expression<SqlBool> {
  const ref = typeof column === "string" ? sql.ref(column) : column;
  if (dialect() === "sqlite") {
    const pattern = `${value.replace(/[*?[]/g, (c) => `[${c}]`)}*`;
    return sql<SqlBool>`${ref} glob ${pattern}`;
  }
  const pattern = `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${ref} like ${pattern}`;
}
