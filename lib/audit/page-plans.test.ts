import { sql } from "kysely";
import { queryPlan } from "@/lib/testing/query-plan";
import { beforeAll, describe, expect, it } from "vitest";
import { dialect, getDb, type Tx, withTransaction } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { listAuditActors } from "./list-audit-actors";
import { distinctActorsQuery, insertUnsealedEntry, pageEntries, pageEntriesQuery } from "./repository";
import type { AuditFilters } from "./schema";
import { sealAuditChain } from "./seal";

/**
 * The audit page's filters and actor list are served by indexes (the page at 1M entries,
 * docs/benchmarks.md "Audit page at 1M entries"): a rare actor, action or target walked the
 * merchant's whole chain or the table, and the actor list read every entry. On PostgreSQL over a
 * merchant whose log is mostly one API key's payment entries, with fresh statistics and sequential
 * scans priced out (a small test table would otherwise be scanned); on SQLite as the app plans
 * (no ANALYZE).
 */

const ENTRIES = 400;
let merchantId = "";

type Author = { type: "USER" | "API_KEY"; id: string; name: string };

function entry(tx: Tx, n: number, actor: Author, action: string) {
  return insertUnsealedEntry(tx, {
    id: `aud_plan_${String(n).padStart(6, "0")}`,
    merchant_id: merchantId,
    actor_type: actor.type,
    actor_id: actor.id,
    actor_name: actor.name,
    action,
    target_id: action === "payment.status_change" ? `pay_${n}` : `key_${n}`,
    summary: "{}",
    ip_address: null,
    created_at: Date.now() - (ENTRIES - n) * 1000,
  });
}

beforeAll(async () => {
  merchantId = (await newMerchant()).merchant_id;
  const server: Author = { type: "API_KEY", id: "key_server", name: "server (sk_srv…)" };
  const alice: Author = { type: "USER", id: "user_alice", name: "Alice <alice@example.com>" };
  await withTransaction(async (tx) => {
    for (let n = 1; n <= ENTRIES; n++)
      await entry(tx, n, n % 100 === 0 ? alice : server, n % 100 === 0 ? "api_key.revoke" : "payment.status_change");
    // Alice renamed herself: her newest entry carries the new name.
    await entry(tx, ENTRIES + 1, { ...alice, name: "Alice Kim <alice@example.com>" }, "user.role_change");
  });
  await sealAuditChain(merchantId);
  // Vacuumed as autovacuum would: sealing's updates leave pages not all-visible, which prices index-only scans out.
  if (dialect() === "postgres") await sql`vacuum analyze audit_log`.execute(getDb());
}, 60_000);

const noScan = /Seq Scan on audit_log|SCAN (audit_log|l|n)\b(?! USING)/;
const page = (f: AuditFilters) => pageEntriesQuery(merchantId, f, 51);

describe("audit page plans (the page flat at 1M entries)", () => {
  it("a rare actor's entries come newest first from (merchant_id, actor_id, seq)", async () => {
    const text = await queryPlan(page({ actor: "user_alice" }));
    expect(text).toMatch(/audit_log_actor_idx/);
    expect(text).not.toMatch(noScan);
  });

  it("a target's entries come from (merchant_id, target_id, seq), not a scan of the table", async () => {
    const text = await queryPlan(page({ target: "key_200" }));
    expect(text).toMatch(/audit_log_target_idx/);
    expect(text).not.toMatch(noScan);
  });

  it("a rare action, and a record kind, come from the partial action index", async () => {
    for (const action of ["api_key.revoke", "api_key"]) {
      const text = await queryPlan(page({ action }));
      expect(text).toMatch(/audit_log_action_idx/);
      expect(text).not.toMatch(noScan);
    }
  });

  it("the actor list probes the actor index once per actor instead of reading every entry", async () => {
    const text = await queryPlan(distinctActorsQuery(merchantId, 200));
    expect(text).toMatch(/audit_log_actor_idx/);
    expect(text).not.toMatch(noScan);
    expect(text).not.toMatch(/audit_log_seq_uq|audit_log_time_idx/);
  });

  it("an old date range's positions are read from the time index alone; a recent one walks the chain", async () => {
    const range = { from: Date.now() - 300_000, until: Date.now() - 200_000 };
    const fromIndex = await queryPlan(pageEntriesQuery(merchantId, range, 51, false), [
      "enable_seqscan",
      "enable_bitmapscan",
    ]);
    expect(fromIndex).toMatch(
      dialect() === "postgres" ? /Index Only Scan using audit_log_time_idx/ : /COVERING INDEX audit_log_time_idx/,
    );
    expect(fromIndex).not.toMatch(noScan);
    const walked = await queryPlan(pageEntriesQuery(merchantId, { from: range.from }, 51, true));
    expect(walked).toMatch(/audit_log_seq_uq/);
    expect(walked).not.toMatch(/audit_log_time_idx/);
  });

  it("both ways of reading a date range give the same pages", async () => {
    const now = Date.now();
    for (const range of [
      { from: now - 300_000, until: now - 200_000 },
      { from: now - 300_000, until: now - 200_000, before: 150 },
      { until: now - 390_000 },
      { from: now - 10_000 },
    ]) {
      const walked = (await pageEntriesQuery(merchantId, range, 20, true).execute()).map((r) => Number(r.seq));
      const read = (await pageEntriesQuery(merchantId, range, 20, false).execute()).map((r) => Number(r.seq));
      expect(read).toEqual(walked);
      expect(walked.length).toBeGreaterThan(0);
      expect((await pageEntries(merchantId, range, 20)).map((r) => Number(r.seq))).toEqual(walked);
    }
  });

  it("lists each actor once, with the name of its newest entry", async () => {
    expect(await listAuditActors({ ctx: { merchantId } })).toEqual([
      { id: "user_alice", name: "Alice Kim <alice@example.com>" },
      { id: "key_server", name: "server (sk_srv…)" },
    ]);
  });

  it("filters on actions other than payments' still find exactly their entries", async () => {
    const ids = async (f: AuditFilters) => (await page(f).execute()).map((r) => r.target_id);
    expect(await ids({ action: "api_key.revoke" })).toEqual(["key_400", "key_300", "key_200", "key_100"]);
    expect(await ids({ action: "api_key" })).toEqual(["key_400", "key_300", "key_200", "key_100"]);
    expect(await ids({ action: "user" })).toEqual([`key_${ENTRIES + 1}`]);
    expect(await ids({ action: "payment", before: 5 })).toEqual(["pay_4", "pay_3", "pay_2", "pay_1"]);
    expect(await ids({ action: "payment.status_change", actor: "user_alice" })).toEqual([]);
  });
});
