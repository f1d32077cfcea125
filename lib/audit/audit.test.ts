import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { createApiKey, revokeApiKey } from "@/lib/auth/api-keys";
import { sql } from "kysely";
import { dialect, getDb, withTransaction } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { runAsCaller, type Actor } from "./actor";
import { auditCsvLines } from "./export-audit-csv";
import { listAudit } from "./list-audit";
import { listAuditActors } from "./list-audit-actors";
import { recordAudit } from "./record";
import { insertUnsealedEntry } from "./repository";
import { sealAuditChain, sealAuditTask } from "./seal";
import { verifyAuditChains } from "./verify";

const run = promisify(execFile);
const alice: Actor = { type: "USER", id: "user_alice", name: "Alice <alice@example.com>", ip: "203.0.113.7" };
const asAlice = <T>(fn: () => Promise<T>) => runAsCaller({ actor: alice }, fn);

/** The merchant's entries in chain order, once every committed one is sealed. */
async function entries(merchantId: string) {
  await sealAuditChain(merchantId);
  return getDb().selectFrom("audit_log").selectAll().where("merchant_id", "=", merchantId).orderBy("seq").execute();
}

/** The admin CLI in its own process; asynchronous, so this process's own sealing keeps running meanwhile. */
async function auditVerifyCli(merchantId: string): Promise<{
  status: number;
  out: { ok: boolean; entries: number; breaks: unknown[] };
}> {
  const args = ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", "audit-verify", "--merchant", merchantId];
  try {
    const { stdout } = await run(process.execPath, [...args, "--seal", "--json"], {
      encoding: "utf8",
      env: process.env,
    });
    return { status: 0, out: JSON.parse(stdout) };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { status: e.code, out: JSON.parse(e.stdout) };
  }
}

describe("audit log", () => {
  it("records who changed what, before and after, chained by hash", async () => {
    const m = await newMerchant();
    const key = await asAlice(() => createApiKey({ merchantId: m.merchant_id, name: "billing" }));
    await asAlice(() => revokeApiKey(m.merchant_id, key.id));
    const rows = await entries(m.merchant_id);
    expect(rows.map((r) => [Number(r.seq), r.action, r.target_id, r.actor_type, r.actor_name, r.ip_address])).toEqual([
      [1, "api_key.create", key.id, "USER", alice.name, alice.ip],
      [2, "api_key.revoke", key.id, "USER", alice.name, alice.ip],
    ]);
    expect(JSON.parse(rows[1]!.summary)).toEqual({
      before: { name: "billing", prefix: key.prefix, revoked: false },
      after: { revoked: true },
    });
    expect(rows[1]!.prev_hash).toBe(rows[0]!.hash);
    expect(await verifyAuditChains({ merchantId: m.merchant_id })).toMatchObject({
      ok: true,
      merchants: 1,
      entries: 2,
    });
  });

  it("a change that rolls back leaves no entry (same DB transaction)", async () => {
    const m = await newMerchant();
    await expect(
      asAlice(() =>
        withTransaction(async (tx) => {
          await createApiKey({ merchantId: m.merchant_id, name: "doomed" }, tx);
          throw new Error("later step failed");
        }),
      ),
    ).rejects.toThrow("later step failed");
    expect(await entries(m.merchant_id)).toEqual([]);
    expect(
      await getDb()
        .selectFrom("api_keys")
        .select("id")
        .where("merchant_id", "=", m.merchant_id)
        .where("name", "=", "doomed")
        .execute(),
    ).toEqual([]);
  });

  it("concurrent changes of one merchant form one unbroken chain once sealed", async () => {
    const m = await newMerchant();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => asAlice(() => createApiKey({ merchantId: m.merchant_id, name: `k${i}` }))),
    );
    const rows = await entries(m.merchant_id);
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect((await verifyAuditChains({ merchantId: m.merchant_id })).ok).toBe(true);
  });

  it("concurrent changes by different callers are each recorded under their own caller", async () => {
    const m = await newMerchant();
    const bob: Actor = { type: "API_KEY", id: "key_bob", name: "server (sk_bob…)", ip: "198.51.100.2" };
    // SQLite runs concurrent transactions inside one group commit: each must keep its caller.
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        runAsCaller({ actor: i % 2 ? bob : alice }, () => createApiKey({ merchantId: m.merchant_id, name: `k${i}` })),
      ),
    );
    const rows = await entries(m.merchant_id);
    const keys = await getDb()
      .selectFrom("api_keys")
      .select(["id", "name"])
      .where("merchant_id", "=", m.merchant_id)
      .execute();
    const nameOf = new Map(keys.map((k) => [k.id, k.name]));
    expect(rows.map((r) => [nameOf.get(r.target_id), r.actor_id]).sort()).toEqual([
      ["k0", "user_alice"],
      ["k1", "key_bob"],
      ["k2", "user_alice"],
      ["k3", "key_bob"],
      ["k4", "user_alice"],
      ["k5", "key_bob"],
    ]);
  });

  it("each merchant has its own chain", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    await asAlice(() => createApiKey({ merchantId: a.merchant_id, name: "a" }));
    await asAlice(() => createApiKey({ merchantId: b.merchant_id, name: "b" }));
    expect((await entries(a.merchant_id)).map((r) => r.target_id)).toHaveLength(1);
    expect((await entries(b.merchant_id)).map((r) => Number(r.seq))).toEqual([1]);
  });

  it("audit-verify --json finds an edited entry and a deleted one", async () => {
    const m = await newMerchant();
    for (const name of ["one", "two", "three"]) await asAlice(() => createApiKey({ merchantId: m.merchant_id, name }));
    await sealAuditChain(m.merchant_id);
    expect(await auditVerifyCli(m.merchant_id)).toMatchObject({ status: 0, out: { ok: true, entries: 3, breaks: [] } });

    await getDb()
      .updateTable("audit_log")
      .set({ actor_name: "Mallory" })
      .where("merchant_id", "=", m.merchant_id)
      .where("seq", "=", 2)
      .execute();
    const edited = await auditVerifyCli(m.merchant_id);
    expect(edited.status).toBe(1);
    expect(edited.out.breaks).toEqual([{ merchantId: m.merchant_id, seq: 2, reason: "hash" }]);

    await getDb().deleteFrom("audit_log").where("merchant_id", "=", m.merchant_id).where("seq", "=", 2).execute();
    const deleted = await verifyAuditChains({ merchantId: m.merchant_id });
    expect(deleted.ok).toBe(false);
    expect(deleted.breaks).toContainEqual({ merchantId: m.merchant_id, seq: 2, reason: "gap" });
    // Leave the suite's database verifiable (scripts/test.sh checks every chain at the end).
    await getDb().deleteFrom("audit_log").where("merchant_id", "=", m.merchant_id).execute();
    await getDb().deleteFrom("audit_heads").where("merchant_id", "=", m.merchant_id).execute();
  });

  it("an entry committed but never sealed (a crash right after commit) is reported, then sealed by the periodic task", async () => {
    const m = await newMerchant();
    await asAlice(() => createApiKey({ merchantId: m.merchant_id, name: "before the crash" }));
    await sealAuditChain(m.merchant_id);
    // What recordAudit leaves when the process dies between COMMIT and sealing: the entry, unchained.
    const orphan = `aud_crash_${m.merchant_id}`;
    await withTransaction((tx) =>
      insertUnsealedEntry(tx, {
        id: orphan,
        merchant_id: m.merchant_id,
        actor_type: "USER",
        actor_id: alice.id,
        actor_name: alice.name,
        action: "api_key.create",
        target_id: "key_lost",
        summary: JSON.stringify({ after: { name: "lost" } }),
        ip_address: alice.ip,
        created_at: Date.now() - 5 * 60_000,
      }),
    );
    const stale = await verifyAuditChains({ merchantId: m.merchant_id });
    expect(stale).toMatchObject({ ok: false, entries: 1, unsealed: 1 });
    expect(stale.breaks).toEqual([
      { merchantId: m.merchant_id, id: orphan, reason: "unsealed", ageMs: expect.any(Number) },
    ]);
    // The page shows it meanwhile: a committed fact, marked as not yet chained.
    expect(
      (await listAudit({ ctx: { merchantId: m.merchant_id }, input: {} })).entries.map((e) => [e.id, e.seq])[0],
    ).toEqual([orphan, null]);

    await sealAuditTask.run();
    const rows = await getDb()
      .selectFrom("audit_log")
      .selectAll()
      .where("merchant_id", "=", m.merchant_id)
      .orderBy("seq")
      .execute();
    expect(rows.map((r) => [r.id === orphan, Number(r.seq)])).toEqual([
      [false, 1],
      [true, 2],
    ]);
    expect(rows[1]!.prev_hash).toBe(rows[0]!.hash);
    expect(await verifyAuditChains({ merchantId: m.merchant_id })).toMatchObject({
      ok: true,
      entries: 2,
      unsealed: 0,
      breaks: [],
    });
  });

  it("recording takes no lock on the merchant's chain: a second transaction records while the first is open", async () => {
    const m = await newMerchant();
    await asAlice(() => createApiKey({ merchantId: m.merchant_id, name: "head exists" }));
    await sealAuditChain(m.merchant_id);
    const change = (targetId: string) => ({ merchantId: m.merchant_id, action: "api_key.create" as const, targetId });
    const head = (db: Parameters<typeof recordAudit>[0]) =>
      db.selectFrom("audit_heads").select("seq").where("merchant_id", "=", m.merchant_id).executeTakeFirstOrThrow();
    await getDb()
      .transaction()
      .execute(async (first) => {
        await recordAudit(first, change("key_first"), alice);
        if (dialect() === "postgres") {
          // Before the fix the second writer queued on the head's row lock until the first committed
          // (here: never, so lock_timeout ends it). Now it records at once.
          await getDb()
            .transaction()
            .execute(async (second) => {
              await sql`set local lock_timeout = '5s'`.execute(second);
              await recordAudit(second, change("key_second"), alice);
            });
        }
        // The entry waits to be sealed after commit: the head (the row every writer would queue on) is untouched.
        expect(Number((await head(first)).seq)).toBe(1);
      });
    const rows = await entries(m.merchant_id);
    expect(
      rows
        .map((r) => r.target_id)
        .slice(1)
        .sort(),
    ).toEqual(dialect() === "postgres" ? ["key_first", "key_second"] : ["key_first"]);
    expect((await verifyAuditChains({ merchantId: m.merchant_id })).ok).toBe(true);
  });

  it("writes nothing without an actor (background work)", async () => {
    const m = await newMerchant();
    await createApiKey({ merchantId: m.merchant_id, name: "cli" });
    expect(await entries(m.merchant_id)).toEqual([]);
  });

  it("filters by actor, action, record kind, target and time; CSV export; strictly per merchant", async () => {
    const m = await newMerchant();
    const bob: Actor = { type: "API_KEY", id: "key_bob", name: "server (sk_abc…)", ip: null };
    const a = await asAlice(() => createApiKey({ merchantId: m.merchant_id, name: "a" }));
    await runAsCaller({ actor: bob }, () => revokeApiKey(m.merchant_id, a.id));
    const b = await asAlice(() => createApiKey({ merchantId: m.merchant_id, name: "=HYPERLINK()" }));
    const actions = async (f: Parameters<typeof listAudit>[0]["input"]) =>
      (await listAudit({ ctx: { merchantId: m.merchant_id }, input: f })).entries.map((e) => e.action);
    expect(await actions({})).toEqual(["api_key.create", "api_key.revoke", "api_key.create"]);
    expect(await actions({ actor: "key_bob" })).toEqual(["api_key.revoke"]);
    expect(await actions({ action: "api_key.create" })).toEqual(["api_key.create", "api_key.create"]);
    expect(await actions({ action: "api_key" })).toHaveLength(3);
    expect(await actions({ action: "api" })).toEqual([]);
    expect(await actions({ target: b.id })).toEqual(["api_key.create"]);
    expect(await actions({ from: Date.now() + 60_000 })).toEqual([]);
    await sealAuditChain(m.merchant_id);
    expect(await actions({ before: 2 })).toEqual(["api_key.create"]);
    expect((await listAuditActors({ ctx: { merchantId: m.merchant_id } })).map((x) => x.id).sort()).toEqual([
      "key_bob",
      "user_alice",
    ]);
    expect((await listAudit({ ctx: { merchantId: (await newMerchant()).merchant_id }, input: {} })).entries).toEqual(
      [],
    );

    const csv: string[] = [];
    for await (const line of auditCsvLines({ ctx: { merchantId: m.merchant_id }, input: {} })) csv.push(line);
    expect(csv).toHaveLength(4);
    expect(csv[0]).toBe("seq,time,actor_type,actor_id,actor,action,target_id,before,after,ip_address,hash\r\n");
    // The cell starts with `{`, so the formula inside JSON cannot run.
    expect(csv[1]).toContain(`,"{""name"":""=HYPERLINK()""`);
  });
});
