import Database from "better-sqlite3";
import type pg from "pg";
import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { newId } from "@/lib/ids";
import { dialect, getDb, withTransaction } from "./client";
import { executeShaped, precompiled } from "./precompiled";
import { cachingSqlite, commitsExecuted, queriesBuilt, STATEMENT_CACHE_SIZE } from "./statement-cache";

describe("SQLite statement cache", () => {
  it("prepares each SQL text once and reuses the statement", () => {
    const raw = new Database(":memory:");
    const prepare = vi.spyOn(raw, "prepare");
    const db = cachingSqlite(raw);
    const first = db.prepare("select ? as n");
    expect(db.prepare("select ? as n")).toBe(first);
    expect(first.get(7)).toEqual({ n: 7 });
    expect(prepare).toHaveBeenCalledTimes(1);
    db.prepare("select 2 as n");
    expect(prepare).toHaveBeenCalledTimes(2);
    raw.close();
  });

  it("gives a busy (still iterating) statement's caller a fresh one", () => {
    const raw = new Database(":memory:");
    const db = cachingSqlite(raw);
    const text = "select value from json_each('[1,2,3]')";
    const iterating = db.prepare(text).iterate();
    iterating.next();
    const other = db.prepare(text);
    expect(other.all()).toEqual([{ value: 1 }, { value: 2 }, { value: 3 }]);
    iterating.return?.();
    raw.close();
  });

  it("keeps at most STATEMENT_CACHE_SIZE texts, evicting the least recently used", () => {
    const raw = new Database(":memory:");
    const prepare = vi.spyOn(raw, "prepare");
    const db = cachingSqlite(raw);
    const hot = db.prepare("select 'hot'");
    for (let i = 0; i < STATEMENT_CACHE_SIZE + 10; i++) {
      db.prepare(`select ${i}`);
      if (i % 100 === 0) expect(db.prepare("select 'hot'")).toBe(hot);
    }
    expect(db.prepare("select 'hot'")).toBe(hot);
    const calls = prepare.mock.calls.length;
    db.prepare("select 0");
    expect(prepare.mock.calls.length).toBe(calls + 1);
    raw.close();
  });
});

describe("statement naming across bundles", () => {
  it("names a text registered by another copy of the module: Next.js bundles one per route, the pool is made once", async () => {
    const opener = await import("./statement-cache");
    vi.resetModules();
    const route = await import("./statement-cache");
    expect(route).not.toBe(opener);
    // The driver's client, recording what it is asked to run.
    const asked: unknown[] = [];
    const client = {
      query: (config: unknown) => {
        asked.push(config);
        return Promise.resolve({ rows: [] });
      },
      release: () => undefined,
    };
    const pool = opener.namingPool({ connect: async () => client } as unknown as pg.Pool);
    const text = "select 42 as registered_by_a_route_bundle";
    route.nameStatement(text);
    const before = route.statementsExecuted();
    await (await pool.connect()).query(text, []);
    expect(asked).toEqual([{ name: expect.stringMatching(/^k[0-9a-f]{20}$/), text, values: [] }]);
    expect(route.statementsExecuted()).toBe(before + 1);
  });
});

describe("precompiled queries", () => {
  const byName = precompiled((db, name: string, minimum: number) =>
    db
      .selectFrom("merchants")
      .select("id")
      .where("name", "=", name)
      .where("created_at", ">=", minimum)
      .where("id", "!=", "constant"),
  );

  it("bind new values to the same text on every call", async () => {
    expect(await byName.all(["no such merchant", 0])).toEqual([]);
    expect(byName.sql()).toContain("merchants");
    expect(byName.sql()).toBe(byName.sql());
  });

  it("refuse a builder that does not bind every argument", () => {
    const broken = precompiled((db, _unused: string) => db.selectFrom("merchants").select("id"));
    expect(() => broken.sql()).toThrow(/every argument/);
  });

  it("run as named prepared statements on PostgreSQL", async () => {
    if (dialect() !== "postgres") return;
    const names = await withTransaction(async (tx) => {
      await byName.all(["no such merchant", 0], tx);
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(tx)).rows.map(
        (r) => r.statement,
      );
    });
    expect(names).toContain(byName.sql());
  });
});

describe("statements compiled once per shape", () => {
  type Probe = { id: string; a: string | null; b: number | null };
  const probes = () => getDb().withTables<{ shaped_probe: Probe }>();
  const insert = (row: Partial<Probe> & { id: string }) =>
    executeShaped(probes(), "insert shaped probe", row, (v) => probes().insertInto("shaped_probe").values(v));
  const read = (id: string) => probes().selectFrom("shaped_probe").selectAll().where("id", "=", id).executeTakeFirst();

  it("binds each call's values to the statement built once, building nothing on later calls", async () => {
    await sql`create table if not exists shaped_probe (id text primary key, a text, b integer)`.execute(getDb());
    const [one, two] = [newId("probe_"), newId("probe_")];
    await insert({ id: one, a: "first", b: 1 });
    const before = queriesBuilt();
    await insert({ id: two, a: "second", b: 2 });
    expect(queriesBuilt() - before).toBe(0);
    expect(await read(one)).toEqual({ id: one, a: "first", b: 1 });
    expect(await read(two)).toEqual({ id: two, a: "second", b: 2 });
  });

  it("leaves undefined values out, as Kysely does, in a statement of their own", async () => {
    const id = newId("probe_");
    await insert({ id, a: undefined, b: 3 });
    expect(await read(id)).toEqual({ id, a: null, b: 3 });
  });

  it("lets Kysely build a value that is not plain (a SQL expression) each time", async () => {
    const id = newId("probe_");
    await executeShaped(probes(), "insert shaped probe", { id, a: sql<string>`'lo' || 'wer'` }, (v) =>
      probes().insertInto("shaped_probe").values(v),
    );
    expect((await read(id))?.a).toBe("lower");
  });

  it("refuses a builder that does not bind every value", async () => {
    await expect(
      executeShaped(probes(), "broken shaped probe", { id: "x", a: "unused" }, (v) =>
        probes().selectFrom("shaped_probe").select("id").where("id", "=", v.id),
      ),
    ).rejects.toThrow(/every value/);
  });
});

describe("transactions across bundles", () => {
  it("runs a settled-hook registered by another copy of lib/db/client, and shares one group committer", async () => {
    const runner = await import("./client");
    vi.resetModules();
    const route = await import("./client");
    expect(route).not.toBe(runner);
    let woken = false;
    await runner.withTransaction(async (tx) => {
      await sql`select 1`.execute(tx);
      route.whenSettled(tx, () => {
        woken = true;
      });
    });
    expect(woken).toBe(true);
    if (runner.dialect() === "sqlite") {
      await route.withTransaction((tx) => sql`select 1`.execute(tx));
      expect(route.groupCommitStats()).toBe(runner.groupCommitStats());
    }
  });
});

describe("durable commits counted", () => {
  it("counts each COMMIT and each write outside a transaction, not reads or the writes inside one", async () => {
    await sql`create table if not exists commit_count_probe (id text primary key)`.execute(getDb());
    // Not Math.random(): its 16 digits are sometimes a valid card number, which the at-rest scan of the suite refuses.
    const id = newId("probe_");
    const before = commitsExecuted();
    await sql`select 1`.execute(getDb());
    await sql`insert into commit_count_probe (id) values (${`${id}-a`})`.execute(getDb());
    expect(commitsExecuted() - before).toBe(1);
    await withTransaction(async (tx) => {
      await sql`insert into commit_count_probe (id) values (${`${id}-b`})`.execute(tx);
      await sql`update commit_count_probe set id = ${`${id}-c`} where id = ${`${id}-b`}`.execute(tx);
    });
    // SQLite's group commit may fold concurrent transactions into one COMMIT; alone, it is one.
    expect(commitsExecuted() - before).toBe(2);
  });
});
