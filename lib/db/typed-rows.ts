import { type RawBuilder, sql } from "kysely";

/** A table's columns and their PostgreSQL types, in the order rows are written. */
export type ColumnTypes<Row> = { readonly [K in keyof Row]-?: string };

/**
 * PostgreSQL: rows as a SELECT with every value cast to its column's type, so that a
 * data-modifying statement can insert them conditionally (`insert into t (columns) select … where
 * exists (…)`: a bare `$n` in a SELECT list would be typed text). `columnsOf` lists the columns.
 */
export function typedRows<Row>(types: ColumnTypes<Row>, rows: Row[]): RawBuilder<unknown> {
  const names = columnsOf(types);
  const selects = rows.map(
    (row) => sql`select ${sql.join(names.map((name) => sql`${row[name]}::${sql.raw(String(types[name]))}`))}`,
  );
  return sql.join(selects, sql` union all `);
}

/** The column list of `typedRows`' rows, for the insert. */
export function columnList<Row>(types: ColumnTypes<Row>): RawBuilder<unknown> {
  return sql.join(columnsOf(types).map((name) => sql.ref(String(name))));
}

function columnsOf<Row>(types: ColumnTypes<Row>): (keyof Row)[] {
  return Object.keys(types) as (keyof Row)[];
}
