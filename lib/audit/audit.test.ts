import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createApiKey, revokeApiKey } from "@/lib/auth/api-keys";
import { getDb, withTransaction } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { runAsCaller, type Actor } from "./actor";
import { auditCsvLines } from "./export-audit-csv";
import { listAudit } from "./list-audit";
import { listAuditActors } from "./list-audit-actors";
import { verifyAuditChains } from "./verify";

const alice: Actor = { type: "USER", id: "user_alice", name: "Alice <alice@example.com>", ip: "203.0.113.7" };
const asAlice = <T>(fn: () => Promise<T>) => runAsCaller({ actor: alice }, fn);

function entries(merchantId: string) {
  return getDb().selectFrom("audit_log").selectAll().where("merchant_id", "=", merchantId).orderBy("seq").execute();
}

function auditVerifyCli(merchantId: string): {
  status: number;
  out: { ok: boolean; entries: number; breaks: unknown[] };
} {
  try {
    const out = execFileSync(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", "audit-verify", "--merchant", merchantId, "--json"],
      { encoding: "utf8", env: process.env },
    );
    return { status: 0, out: JSON.parse(out) };
  } catch (error) {
    const e = error as { status: number; stdout: string };
    return { status: e.status, out: JSON.parse(e.stdout) };
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

  it("concurrent changes of one merchant form one unbroken chain", async () => {
    const m = await newMerchant();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => asAlice(() => createApiKey({ merchantId: m.merchant_id, name: `k${i}` }))),
    );
    const rows = await entries(m.merchant_id);
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect((await verifyAuditChains({ merchantId: m.merchant_id })).ok).toBe(true);
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
    expect(auditVerifyCli(m.merchant_id)).toMatchObject({ status: 0, out: { ok: true, entries: 3, breaks: [] } });

    await getDb()
      .updateTable("audit_log")
      .set({ actor_name: "Mallory" })
      .where("merchant_id", "=", m.merchant_id)
      .where("seq", "=", 2)
      .execute();
    const edited = auditVerifyCli(m.merchant_id);
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
    const actions = async (f: Parameters<typeof listAudit>[1]) =>
      (await listAudit(m.merchant_id, f)).entries.map((e) => e.action);
    expect(await actions({})).toEqual(["api_key.create", "api_key.revoke", "api_key.create"]);
    expect(await actions({ actor: "key_bob" })).toEqual(["api_key.revoke"]);
    expect(await actions({ action: "api_key.create" })).toEqual(["api_key.create", "api_key.create"]);
    expect(await actions({ action: "api_key" })).toHaveLength(3);
    expect(await actions({ action: "api" })).toEqual([]);
    expect(await actions({ target: b.id })).toEqual(["api_key.create"]);
    expect(await actions({ from: Date.now() + 60_000 })).toEqual([]);
    expect(await actions({ before: 2 })).toEqual(["api_key.create"]);
    expect((await listAuditActors(m.merchant_id)).map((x) => x.id).sort()).toEqual(["key_bob", "user_alice"]);
    expect((await listAudit((await newMerchant()).merchant_id, {})).entries).toEqual([]);

    const csv: string[] = [];
    for await (const line of auditCsvLines(m.merchant_id, {})) csv.push(line);
    expect(csv).toHaveLength(4);
    expect(csv[0]).toBe("seq,time,actor_type,actor_id,actor,action,target_id,before,after,ip_address,hash\r\n");
    // The cell starts with `{`, so the formula inside JSON cannot run.
    expect(csv[1]).toContain(`,"{""name"":""=HYPERLINK()""`);
  });
});
