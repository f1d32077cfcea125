import { CompiledQuery, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { dialect, getDb, withTransaction } from "@/lib/db/client";
import { commitsExecuted, queriesBuilt, statementsExecuted } from "@/lib/db/statement-cache";
import { newMerchant } from "@/lib/testing/fixtures";
import type { Actor } from "./actor";
import { recordAudit } from "./record";
import {
  pendingEntries,
  postgresSealingStatement,
  sealBatch,
  sqliteSealingUpdate,
  unsealedWithHead,
} from "./repository";
import { holdSealing, sealAuditChain, sealingSettled } from "./seal";
import { verifyAuditChains } from "./verify";

const alice: Actor = { type: "USER", id: "user_alice", name: "Alice", ip: "203.0.113.7" };

describe("audit sealing statements", () => {
  // Every statement is a round trip on PostgreSQL; sealing ran one UPDATE per entry (and two to lock
  // the head), so a busy merchant's sealing cost grew with the entries each run picked up.
  it("seals a batch of entries in as many statements as a single entry", async () => {
    const m = await newMerchant();
    const release = await holdSealing(m.merchant_id);
    const sealing = async (entries: number) => {
      await withTransaction(async (tx) => {
        for (let i = 0; i < entries; i++)
          await recordAudit(tx, { merchantId: m.merchant_id, action: "api_key.create", targetId: `key_${i}` }, alice);
      });
      const before = statementsExecuted();
      expect(await sealAuditChain(m.merchant_id)).toBe(entries);
      return statementsExecuted() - before;
    };
    await sealing(1); // creates the chain head
    const one = await sealing(1);
    const six = await sealing(6);
    expect(six).toBe(one);
    await release();
    expect(await verifyAuditChains({ merchantId: m.merchant_id })).toMatchObject({ ok: true, entries: 8, breaks: [] });
  });

  // Each sealing run is a transaction of six round trips and a commit (~2 ms of CPU on PostgreSQL)
  // whatever its batch: run as soon as each commit ended, a merchant paying steadily paid one per few
  // payments (bench/audit-cost.ts, docs/benchmarks.md "Audit cost").
  it("entries committed one after another while sealing keeps up are sealed in one run, not one per commit", async () => {
    const spacing = process.env.AUDIT_SEAL_SPACING_MS;
    process.env.AUDIT_SEAL_SPACING_MS = "1000";
    try {
      const m = await newMerchant();
      const commit = (key: string) =>
        withTransaction((tx) =>
          recordAudit(tx, { merchantId: m.merchant_id, action: "api_key.create", targetId: key }, alice),
        );
      await commit("key_0"); // sealed by a run that starts at once (nothing sealed lately)
      await sealingSettled();
      const commitsBefore = commitsExecuted();
      for (const key of ["key_1", "key_2", "key_3"]) {
        await commit(key);
        // Gives sealing time to catch up with this commit (as it did, one run per commit).
        for (let waited = 0; waited < 100; waited += 5) {
          if ((await pendingEntries(m.merchant_id, {}, 10)).length === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      await sealingSettled();
      // Three commits of the test's own, then sealing's: one run for the three entries.
      expect(commitsExecuted() - commitsBefore - 3).toBe(1);
      expect(await verifyAuditChains({ merchantId: m.merchant_id })).toMatchObject({
        ok: true,
        entries: 4,
        unsealed: 0,
        breaks: [],
      });
    } finally {
      if (spacing === undefined) delete process.env.AUDIT_SEAL_SPACING_MS;
      else process.env.AUDIT_SEAL_SPACING_MS = spacing;
    }
  });
  // A sealing run was a transaction of six round trips (BEGIN, lock the head, read, seal, move the
  // head, COMMIT), ~2 ms of CPU on PostgreSQL whatever its batch. Now a read (head and entries from
  // one snapshot) and one write that lands only if the head has not moved.
  it("a sealing run is one read and one atomic write: 2 statements on PostgreSQL, one commit", async () => {
    const m = await newMerchant();
    const release = await holdSealing(m.merchant_id);
    try {
      for (const batch of [1, 3]) {
        await withTransaction(async (tx) => {
          for (let i = 0; i < batch; i++)
            await recordAudit(tx, { merchantId: m.merchant_id, action: "api_key.create", targetId: `key_${i}` }, alice);
        });
        const [statements, commits] = [statementsExecuted(), commitsExecuted()];
        expect(await sealAuditChain(m.merchant_id)).toBe(batch);
        // SQLite seals in a short transaction (in process: no round trips to save).
        if (dialect() === "postgres") expect(statementsExecuted() - statements).toBe(2);
        expect(commitsExecuted() - commits).toBe(1);
      }
    } finally {
      await release(); // a hold left behind would stall every later test's sealingSettled()
    }
    expect(await verifyAuditChains({ merchantId: m.merchant_id })).toMatchObject({ ok: true, entries: 4, breaks: [] });
  });

  it("sealers racing on one backlog seal each entry once, in one unbroken chain", async () => {
    const m = await newMerchant();
    const release = await holdSealing(m.merchant_id);
    for (let commit = 0; commit < 4; commit++)
      await withTransaction(async (tx) => {
        for (let i = 0; i < 5; i++)
          await recordAudit(
            tx,
            { merchantId: m.merchant_id, action: "api_key.create", targetId: `key_${commit}_${i}` },
            alice,
          );
      });
    try {
      const sealed = await Promise.all(Array.from({ length: 4 }, () => sealAuditChain(m.merchant_id)));
      expect(sealed.reduce((a, b) => a + b, 0)).toBe(20);
    } finally {
      await release();
    }
    expect(await verifyAuditChains({ merchantId: m.merchant_id })).toMatchObject({
      ok: true,
      entries: 20,
      unsealed: 0,
      breaks: [],
    });
  });
  // The write lands only whole: an entry of the batch no longer unsealed (only a hand edit can do
  // that while the head is unmoved) fails it, leaving the head and the other entries as they were.
  it("a batch with an entry sealed behind sealing's back writes nothing", async () => {
    const m = await newMerchant();
    const release = await holdSealing(m.merchant_id);
    try {
      await withTransaction(async (tx) => {
        for (const key of ["key_a", "key_b"])
          await recordAudit(tx, { merchantId: m.merchant_id, action: "api_key.create", targetId: key }, alice);
      });
      const genesis = { seq: 0, hash: "0".repeat(64) };
      const { head, rows } = await unsealedWithHead(m.merchant_id, genesis, 10);
      const positions = rows.map((row, i) => ({ id: row.id, seq: i + 1, prev_hash: "p", hash: `h${i}` }));
      await getDb().updateTable("audit_log").set({ seq: 99 }).where("id", "=", rows[1]!.id).execute();
      await expect(sealBatch(m.merchant_id, head, positions)).rejects.toThrow(/sealed concurrently/);
      expect((await unsealedWithHead(m.merchant_id, genesis, 10)).rows.map((r) => r.id)).toEqual([rows[0]!.id]);
      const heads = await getDb()
        .selectFrom("audit_heads")
        .select("seq")
        .where("merchant_id", "=", m.merchant_id)
        .execute();
      expect(heads.map((h) => Number(h.seq))).toEqual([]);
    } finally {
      // Leave the suite's database verifiable (scripts/test.sh checks every chain at the end).
      await getDb().deleteFrom("audit_log").where("merchant_id", "=", m.merchant_id).execute();
      await release();
    }
  });

  // Building a Kysely query costs more CPU than running it from the statement cache; a merchant paying
  // one payment at a time pays a whole sealing run per payment (~0.6 ms on SQLite, 3 queries built).
  it("a sealing run builds no query: each of its statements is compiled once and only bound again", async () => {
    const m = await newMerchant();
    const release = await holdSealing(m.merchant_id);
    try {
      let built = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run++) {
        await withTransaction((tx) =>
          recordAudit(tx, { merchantId: m.merchant_id, action: "api_key.create", targetId: `key_${run}` }, alice),
        );
        const before = queriesBuilt();
        expect(await sealAuditChain(m.merchant_id)).toBe(1);
        built = Math.min(built, queriesBuilt() - before);
      }
      expect(built).toBe(0);
    } finally {
      await release();
    }
    expect(await verifyAuditChains({ merchantId: m.merchant_id })).toMatchObject({ ok: true, entries: 3, breaks: [] });
  });

  // SQLite drove its sealing UPDATE from the merchant's unsealed range and read the whole JSON batch
  // again for every entry: a run's cost grew with the square of its batch (~17 µs per entry at 10,
  // ~138 µs at 300; 3 µs driven from the batch). A busy merchant's runs seal 40–200 entries.
  it("a sealing run reads its batch once and finds each entry by its primary key", async () => {
    const m = await newMerchant();
    const batch = JSON.stringify([{ id: "aud_plan", seq: 1, prev_hash: "0", hash: "1" }]);
    let plan: string;
    if (dialect() === "postgres") {
      const { sql: text, parameters } = postgresSealingStatement(
        m.merchant_id,
        { seq: 0, hash: "0" },
        { seq: 1, hash: "1" },
        batch,
        1,
      ).compile(getDb());
      // Named statements get the generic plan after five runs: that is the plan to check.
      plan = await getDb()
        .transaction()
        .execute(async (tx) => {
          await sql`set local plan_cache_mode = force_generic_plan`.execute(tx);
          await tx.executeQuery(CompiledQuery.raw(`prepare sealing_plan as ${text}`));
          const args = parameters.map((p) => `'${String(p).replaceAll("'", "''")}'`).join(", ");
          const rows = await tx.executeQuery<{ "QUERY PLAN": string }>(
            CompiledQuery.raw(`explain execute sealing_plan(${args})`),
          );
          await tx.executeQuery(CompiledQuery.raw("deallocate sealing_plan"));
          return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
        });
      // A hash join or a nested loop reads the function's rows once (PostgreSQL keeps them).
      expect(plan).toMatch(/Function Scan on jsonb_to_recordset v/);
      expect(plan).toMatch(/Hash Cond: \(v\.id = audit_log\.id\)|Index Cond: \(id = v\.id\)/);
    } else {
      const { sql: text, parameters } = sqliteSealingUpdate(m.merchant_id, batch).compile(getDb());
      const rows = await getDb().executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
      );
      plan = rows.rows.map((r) => r.detail).join("\n");
      // The batch is the outer loop, read once; each of its entries is a primary-key look-up.
      expect(plan).toMatch(
        /^SCAN json_each[^\n]*\nSEARCH audit_log USING INDEX sqlite_autoindex_audit_log_1 \(id=\?\)$/,
      );
    }
  });
});
