import type { Compilable, CompiledQuery, QueryResult, RawBuilder } from "kysely";
import { getDb, type Db, type Tx } from "./client";
import { nameStatement } from "./statement-cache";

/**
 * A hot query built and compiled once; each call only binds new values. Building a Kysely query
 * (operation tree, then SQL text) costs more CPU than running an indexed read from the statement
 * cache, so the few queries every request runs skip it. On PostgreSQL the text becomes a named
 * prepared statement. Only for point look-ups with a fixed shape (no IN lists of varying length).
 *
 * The builder receives placeholder values in place of its arguments; every argument must reach the
 * query as a bound value (not a column name, not a LIMIT computed from it).
 */
export function precompiled<A extends unknown[], R>(build: (db: Db, ...args: A) => Compilable<R> | RawBuilder<R>) {
  const compiled = new WeakMap<Db, { sql: string; slots: (number | { value: unknown })[]; query: CompiledQuery<R> }>();
  const compile = (db: Db) => {
    let entry = compiled.get(db);
    if (entry) return entry;
    const markers = Array.from({ length: build.length - 1 }, (_, i) => `\u0000precompiled-arg-${i}\u0000`);
    const built = build(db, ...(markers as A));
    const query = "isRawBuilder" in built ? built.compile(db) : built.compile();
    const slots = query.parameters.map((value) => {
      const index = markers.indexOf(value as string);
      return index >= 0 ? index : { value };
    });
    const used = new Set(slots.filter((s) => typeof s === "number"));
    if (used.size !== markers.length) throw new Error("precompiled: every argument must be a bound value of the query");
    nameStatement(query.sql);
    entry = { sql: query.sql, slots, query };
    compiled.set(db, entry);
    return entry;
  };
  const bind = (db: Db, args: A): CompiledQuery<R> => {
    const { slots, query } = compile(db);
    return { ...query, parameters: slots.map((s) => (typeof s === "number" ? args[s] : s.value)) };
  };
  return {
    /** The result (rows, rows changed); `on` runs it inside a transaction (or on another Db) instead of on the pool. */
    async execute(args: A, on?: Db | Tx): Promise<QueryResult<R>> {
      const db = getDb();
      return (on ?? db).executeQuery(bind(db, args));
    },
    /** Every row. */
    async all(args: A, on?: Db | Tx): Promise<R[]> {
      return (await this.execute(args, on)).rows;
    },
    async first(args: A, on?: Db | Tx): Promise<R | undefined> {
      return (await this.all(args, on))[0];
    },
    /** The SQL text (for EXPLAIN in tests and benchmarks). */
    sql(): string {
      return compile(getDb()).sql;
    },
  };
}

/**
 * Runs a query built per call as a named prepared statement on PostgreSQL (parsed and planned once
 * per connection, like `precompiled`), for the write path's statements whose text takes only a few
 * shapes: single-row inserts, updates and look-ups by key, whose planning (every index on
 * transactions weighed each time) is a large share of PostgreSQL's CPU per payment.
 * Not for queries whose best plan depends on the values (lists, filters) nor for texts that vary
 * without bound (IN lists of any length): a named statement may switch to a generic plan.
 */
export function executeNamed<R>(on: Db | Tx, query: Compilable<R> | RawBuilder<R>): Promise<QueryResult<R>> {
  const compiled = "isRawBuilder" in query ? query.compile(on) : query.compile();
  nameStatement(compiled.sql);
  return on.executeQuery(compiled);
}

type Shaped = { sql: string; slots: (string | { value: unknown })[]; query: CompiledQuery<unknown> };
const shapes = new WeakMap<Db, Map<string, Shaped>>();
/** Distinct shapes kept per database: the write path has a few dozen (one per patch kind); a bound in case of a misuse. */
const SHAPES_KEPT = 500;

/** Values bound as they are: anything else (a raw SQL expression, an array) is built by Kysely each time. */
function bindable(value: unknown): boolean {
  return (
    value === null || ["string", "number", "bigint", "boolean"].includes(typeof value) || value instanceof Uint8Array
  );
}

/**
 * Runs a write-path statement whose SQL depends only on `shape` and on which keys `values` has: it
 * is built and compiled by Kysely once per shape and key list (with placeholders standing for the
 * values), then each call only binds the values, as a named statement on PostgreSQL (executeNamed).
 * Building a query is most of Kysely's CPU on the write path (a payment's insert binds ~60 columns).
 * `build` receives placeholders for `values` (undefined values left out, as Kysely leaves them out
 * of an insert or update) and must bind every one of them as a value of the query.
 */
export async function executeShaped<V extends object, R>(
  on: Db | Tx,
  shape: string,
  row: V,
  build: (placeholders: V) => Compilable<R>,
): Promise<QueryResult<R>> {
  const values = row as Record<string, unknown>;
  const keys = Object.keys(values).filter((k) => values[k] !== undefined);
  if (!keys.every((k) => bindable(values[k]))) return executeNamed(on, build(row));
  const key = `${shape}\u0000${keys.join(",")}`;
  const db = getDb();
  const byKey = shapes.get(db) ?? new Map<string, Shaped>();
  shapes.set(db, byKey);
  let entry = byKey.get(key);
  if (!entry) {
    const placeholders = Object.fromEntries(keys.map((k) => [k, `\u0000shaped-${k}\u0000`])) as V;
    const query = build(placeholders).compile() as CompiledQuery<unknown>;
    const byMarker = new Map(keys.map((k) => [`\u0000shaped-${k}\u0000`, k]));
    const slots = query.parameters.map((p) => byMarker.get(p as string) ?? { value: p });
    const used = new Set(slots.filter((s) => typeof s === "string"));
    if (used.size !== keys.length) throw new Error(`executeShaped(${shape}): every value must be bound in the query`);
    if (byKey.size >= SHAPES_KEPT) byKey.delete(byKey.keys().next().value!);
    entry = { sql: query.sql, slots, query };
    byKey.set(key, entry);
  }
  nameStatement(entry.sql);
  const bound = entry.slots.map((s) => (typeof s === "string" ? values[s] : s.value));
  return on.executeQuery({ ...entry.query, parameters: bound } as CompiledQuery<R>);
}
