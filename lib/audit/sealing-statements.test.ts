import { describe, expect, it } from "vitest";
import { dialect, withTransaction } from "@/lib/db/client";
import { commitsExecuted, statementsExecuted } from "@/lib/db/statement-cache";
import { newMerchant } from "@/lib/testing/fixtures";
import type { Actor } from "./actor";
import { recordAudit } from "./record";
import { pendingEntries } from "./repository";
import { holdSealing, sealAuditChain, sealingSettled } from "./seal";
import { verifyAuditChains } from "./verify";

const alice: Actor = { type: "USER", id: "user_alice", name: "Alice", ip: "203.0.113.7" };

describe("audit sealing statements (issue #18)", () => {
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
  // payments (bench/audit-cost.ts, docs/benchmarks.md "Audit cost on PostgreSQL, session 5 follow-up").
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
});
