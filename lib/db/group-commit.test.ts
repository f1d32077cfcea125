import { AsyncLocalStorage } from "node:async_hooks";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseTarget } from "@/lib/env";
import { newId } from "@/lib/ids";
import { dialect, getDb, groupCommitStats, withTransaction } from "./client";

const table = sql.table("group_commit_probe");

beforeAll(async () => {
  await sql`create table if not exists group_commit_probe (id text primary key, tag text not null)`.execute(getDb());
});

async function rows(tag: string): Promise<string[]> {
  const result = await sql<{ id: string }>`select id from ${table} where tag = ${tag} order by id`.execute(getDb());
  return result.rows.map((r) => r.id);
}

describe("group commit", () => {
  it("concurrent transactions share commits; each caller is answered once its writes are visible to another connection", async () => {
    const tag = newId("gc");
    const before = groupCommitStats();
    const ids = Array.from({ length: 20 }, (_, i) => `${tag}-${String(i).padStart(2, "0")}`);
    const other =
      dialect() === "sqlite" ? new Database((databaseTarget() as { file: string }).file, { readonly: true }) : null;
    const seenByOther: boolean[] = [];
    await Promise.all(
      ids.map(async (id) => {
        await withTransaction(async (tx) => {
          await sql`insert into ${table} (id, tag) values (${id}, ${tag})`.execute(tx);
        });
        if (other)
          seenByOther.push(other.prepare("select 1 from group_commit_probe where id = ?").get(id) !== undefined);
      }),
    );
    other?.close();
    expect(await rows(tag)).toEqual(ids);
    if (dialect() === "sqlite") {
      expect(seenByOther).toEqual(ids.map(() => true));
      const after = groupCommitStats()!;
      expect(after.members - (before?.members ?? 0)).toBe(20);
      expect(after.groups - (before?.groups ?? 0)).toBeLessThan(20);
    }
  });

  it("each transaction runs in its own caller's async context, not in that of the group's first member", async () => {
    const caller = new AsyncLocalStorage<string>();
    const names = ["alice", "bob", "carol", "dave"];
    const seen = await Promise.all(
      names.map((name) => caller.run(name, () => withTransaction(async () => caller.getStore()))),
    );
    expect(seen).toEqual(names);
  });

  it("a transaction that fails rolls back alone; the others in its group commit", async () => {
    const tag = newId("gc");
    const outcomes = await Promise.allSettled(
      ["a", "b", "c"].map((name) =>
        withTransaction(async (tx) => {
          await sql`insert into ${table} (id, tag) values (${`${tag}-${name}`}, ${tag})`.execute(tx);
          if (name === "b") throw new Error("refused");
          return name;
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await rows(tag)).toEqual([`${tag}-a`, `${tag}-c`]);
  });

  it("a unique violation inside one member does not poison the group", async () => {
    const tag = newId("gc");
    const outcomes = await Promise.allSettled(
      [1, 1, 2].map((n) =>
        withTransaction((tx) => sql`insert into ${table} (id, tag) values (${`${tag}-${n}`}, ${tag})`.execute(tx)),
      ),
    );
    expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(1);
    expect(await rows(tag)).toEqual([`${tag}-1`, `${tag}-2`]);
  });
});
