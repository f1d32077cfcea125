import type Database from "better-sqlite3";
import { createHash } from "node:crypto";
import type { KyselyPlugin } from "kysely";
import type pg from "pg";

/**
 * Prepared statements reused across queries. Kysely compiles each query to SQL text and asks the
 * driver to run it; without a cache, better-sqlite3 re-prepares (parses and plans) every text on
 * every call, and pg sends every text to be parsed again. Both are keyed by the exact SQL text, so
 * the cache is correct by construction: the same text is the same statement.
 */

/** Distinct SQL texts kept per connection. IN lists of varying length make distinct texts; the LRU bounds them. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Process-wide state on globalThis: Next.js bundles this module into several chunks (each route,
 * instrumentation), each with its own module-level variables, while the database handle is one per
 * process. A name registered by a route's copy must be found by the pool another copy made (it was
 * not: in the production build the payment read was parsed and planned afresh on every request).
 */
const shared = globalThis as unknown as {
  __platformStatements?: {
    executed: number;
    commits: number;
    afresh: number;
    built: number;
    named: Map<string, string>;
  };
};
shared.__platformStatements ??= { executed: 0, commits: 0, afresh: 0, built: 0, named: new Map() };
const state = shared.__platformStatements;
state.commits ??= 0;
state.afresh ??= 0;
state.built ??= 0;

/**
 * Counts the queries Kysely builds (turns from a builder's operation tree into SQL text): a plugin's
 * transformQuery runs once per build, and never for a query compiled earlier and only bound again
 * (lib/db/precompiled.ts). For tests that check a hot path builds no query per request.
 */
export const countBuilds: KyselyPlugin = {
  transformQuery(args) {
    state.built++;
    return args.node;
  },
  async transformResult(args) {
    return args.result;
  },
};

/** Queries Kysely built in this process (see countBuilds). */
export function queriesBuilt(): number {
  return state.built;
}

/** Statements executed by this process (both dialects): for /metrics and for tests that count round trips. */
export function statementsExecuted(): number {
  return state.executed;
}

/**
 * Durable commits this process asked for (both dialects): every COMMIT, and every write run outside
 * a transaction (its own implicit one). What a write path costs in fsyncs; tests count them.
 */
export function commitsExecuted(): number {
  return state.commits;
}

const COMMIT = /^\s*(commit|end)\b/i;
/** `pragma synchronous = …`: below FULL (NORMAL, OFF) a SQLite commit does not fsync (lib/db bestEffortWrite). */
const SYNCHRONOUS = /^\s*pragma\s+synchronous\s*=\s*(\w+)/i;
/** A write statement, or one whose WITH clause writes (`with x as (update …) select …`). */
const WRITE = /^\s*(insert|update|delete)\b|^\s*with\b[\s\S]*?\bas\s*\(\s*(insert|update|delete)\b/i;

/**
 * Statements the database had to parse and plan for this run (both dialects), for tests that check a
 * hot path reuses its statements: on SQLite a statement-cache miss, on PostgreSQL a statement with
 * parameters sent unnamed (PostgreSQL parses and plans those on every run; BEGIN/COMMIT have none).
 */
export function statementsPreparedAfresh(): number {
  return state.afresh;
}

/**
 * A better-sqlite3 Database whose `prepare` answers from an LRU of prepared statements. A statement
 * still iterating (a streamed query) is busy and cannot be rebound, so that caller gets a fresh one.
 */
export function cachingSqlite(database: Database.Database): Database.Database {
  const cache = new Map<string, Database.Statement>();
  let durable = true;
  const prepare = (source: string): Database.Statement => {
    state.executed++;
    const level = SYNCHRONOUS.exec(source)?.[1];
    if (level) durable = !/^(normal|off|0|1)$/i.test(level);
    if (durable && (COMMIT.test(source) || (WRITE.test(source) && !database.inTransaction))) state.commits++;
    const hit = cache.get(source);
    if (hit && !hit.busy) {
      cache.delete(source);
      cache.set(source, hit);
      return hit;
    }
    state.afresh++;
    const statement = database.prepare(source);
    if (hit) return statement;
    cache.set(source, statement);
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return statement;
  };
  return new Proxy(database, {
    get(target, property, receiver) {
      if (property === "prepare") return prepare;
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * SQL texts run as named prepared statements on PostgreSQL: parsed and planned once per connection.
 * Only texts registered here (point look-ups whose plan never depends on the values, see
 * lib/db/precompiled.ts) are named, because after five runs PostgreSQL may switch a named statement
 * to a generic plan, which would be wrong for list queries whose best plan depends on the filter.
 */
const namedTexts = state.named;
export function nameStatement(text: string): void {
  // Off behind a pooler that does not keep prepared statements per client (PgBouncer in transaction mode before 1.21).
  if (process.env.DATABASE_NAMED_STATEMENTS === "false") return;
  if (!namedTexts.has(text)) namedTexts.set(text, `k${createHash("sha1").update(text).digest("hex").slice(0, 20)}`);
}

type QueryArgs = Parameters<pg.PoolClient["query"]>;

function namingClient(client: pg.PoolClient): pg.PoolClient {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let inTransaction = false;
  const named = (...args: QueryArgs) => {
    state.executed++;
    const [text, values] = args as unknown as [unknown, unknown[] | undefined];
    if (typeof text === "string") {
      if (/^\s*(begin|start transaction)\b/i.test(text)) inTransaction = true;
      else if (/^\s*rollback\s*$/i.test(text)) inTransaction = false;
      else if (COMMIT.test(text) || (WRITE.test(text) && !inTransaction)) {
        state.commits++;
        if (COMMIT.test(text)) inTransaction = false;
      }
    }
    const name = typeof text === "string" ? namedTexts.get(text) : undefined;
    if (!name && Array.isArray(values) && values.length > 0) state.afresh++;
    return name ? query({ name, text, values }) : query(...args);
  };
  return new Proxy(client, {
    get: (target, property) => (property === "query" ? named : (Reflect.get(target, property) as unknown)),
  });
}

/** A pool whose clients run registered texts as named prepared statements (pg keeps one per connection). */
export function namingPool(pool: pg.Pool): pg.Pool {
  const wrapped = new WeakMap<pg.PoolClient, pg.PoolClient>();
  const connect = async () => {
    const client = await pool.connect();
    let proxy = wrapped.get(client);
    if (!proxy) {
      proxy = namingClient(client);
      wrapped.set(client, proxy);
    }
    return proxy;
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === "connect") return connect;
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
