import { CompiledQuery, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { runAsCaller } from "@/lib/audit/actor";
import { holdSealing, sealingSettled } from "@/lib/audit/seal";
import { verifyAuditChains } from "@/lib/audit/verify";
import { dialect, getDb } from "@/lib/db/client";
import { commitsExecuted, queriesBuilt, statementsExecuted, statementsPreparedAfresh } from "@/lib/db/statement-cache";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { quiet } from "@/lib/testing/quiet";
import { newPaymentId, paidPayment, paymentChannelKey } from "@/lib/testing/payments";
import { findStoreChannel } from "@/lib/channels/repository";
import { settleAttempt } from "./settle-attempt";
import { startAttempt } from "./start-attempt";
import { primaryForAttemptQuery } from "./repository";

/**
 * Statements the database parsed and planned afresh while a payment was made and its audit entry
 * sealed: the fewest of three payments, because the counter is the process's and other background
 * work (the request log's flush) may run meanwhile; it only ever adds to a payment's count.
 */
async function preparedAfreshPerPayment(m: Parameters<typeof paidPayment>[0]): Promise<number> {
  let fewest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    await quiet();
    const before = statementsPreparedAfresh();
    await paidPayment(m);
    await sealingSettled();
    fewest = Math.min(fewest, statementsPreparedAfresh() - before);
  }
  return fewest;
}

/** Statements one card payment ran, its audit sealing held back: the fewest of three payments (see above). */
async function statementsPerPayment(m: Parameters<typeof paidPayment>[0]): Promise<number> {
  let fewest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    await quiet();
    const release = await holdSealing(m.merchant_id);
    const before = statementsExecuted();
    await paidPayment(m);
    fewest = Math.min(fewest, statementsExecuted() - before);
    await release();
  }
  return fewest;
}

/** A KRW 5,000 card attempt of `m`'s store, recorded and not yet settled. */
async function startCardAttempt(m: Awaited<ReturnType<typeof newMerchant>>, orderName: string) {
  const channel = (await findStoreChannel(m.merchant_id, m.store_id, paymentChannelKey(m)))!;
  return startAttempt({
    merchantId: m.merchant_id,
    storeId: m.store_id,
    paymentId: newPaymentId(),
    channel,
    method: "CARD",
    orderName,
    currency: "KRW",
    totalAmount: 5000,
    taxFreeAmount: 0,
    customer: {},
    origin: { platform_type: "API", ip_address: "127.0.0.1" },
  });
}

describe("payment write path", () => {
  // On PostgreSQL every statement sent unnamed is parsed and planned on every run: with 38 indexes on
  // transactions, planning the payment's statements cost ~1.4 ms of PostgreSQL CPU per payment
  // (pg_stat_statements, docs/benchmarks.md "Write: POST …/instant/pay"). On SQLite the statement cache already
  // reuses them.
  it("reuses every statement of a card payment (and its audit sealing) instead of parsing and planning it again", async () => {
    const m = inProcess(await newMerchant());
    await paidPayment(m); // the first payment prepares each text once
    expect(await preparedAfreshPerPayment(m)).toBe(0);
  });

  it("does so too when the store has a webhook address (the payment enqueues its webhook)", async () => {
    const m = inProcess(await newMerchant({ webhookUrl: "http://127.0.0.1:9/hook" }));
    await paidPayment(m);
    expect(await preparedAfreshPerPayment(m)).toBe(0);
  });

  // Each round trip to PostgreSQL costs the server a socket write and the backend a wake-up (~0.1 ms
  // of CPU each under load: 20 % of the app's CPU per payment was pg's writev).
  it("runs a card payment in its fewest statements: a first attempt is one insert, the channel look-up proves the store, the provider's record comes back from its insert, the row lock reads the webhook address", async () => {
    const m = inProcess(await newMerchant());
    await paidPayment(m);
    // PostgreSQL: the attempt's insert on its own (the payment's first attempt needs no look-up: the
    // one-primary index refuses a second), channel, provider record, then BEGIN, row lock (with the
    // store's webhook address), update, audit entry, COMMIT: 8. SQLite keeps the attempt in a transaction to share its group
    // commit's fsync, and adds the group's savepoints; the provider's ledger write too (it was a lone
    // insert, an fsync of its own that no concurrent payment shared): 17 statements of which 3
    // commits that concurrent payments share. Both: the outcome is
    // written against the attempt as recorded, its guarded UPDATE taking the row lock and answering
    // the row and the webhook address (PostgreSQL 7: the lock read was its own round trip), and on
    // PostgreSQL the audit entry written by that same statement (6: it was its own INSERT).
    expect(await statementsPerPayment(m)).toBe(dialect() === "postgres" ? 6 : 17);
  });

  it("adds only the webhook job's insert when the store has a webhook address", async () => {
    const m = inProcess(await newMerchant({ webhookUrl: "http://127.0.0.1:9/hook" }));
    await paidPayment(m);
    expect(await statementsPerPayment(m)).toBe(dialect() === "postgres" ? 7 : 18);
  });

  // Building a Kysely query (its operation tree, then the SQL text) costs more CPU than binding the
  // values of one compiled before: the payment's insert alone binds ~60 columns.
  it("builds no query per card payment: each statement is compiled once and only bound again", async () => {
    const m = inProcess(await newMerchant({ webhookUrl: "http://127.0.0.1:9/hook" }));
    await paidPayment(m);
    let fewest = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3; run++) {
      await quiet();
      const release = await holdSealing(m.merchant_id);
      const before = queriesBuilt();
      await paidPayment(m);
      fewest = Math.min(fewest, queriesBuilt() - before);
      await release();
    }
    expect(fewest).toBe(0);
  });

  // SQLite: every durable commit is an fsync taken on the event loop (better-sqlite3 is synchronous);
  // group commit lets concurrent payments share them. The sandbox provider's ledger insert ran on its
  // own, one more fsync per payment that no other payment shared.
  it("shares its durable commits with concurrent payments (SQLite group commit), the provider's ledger write too", async () => {
    const m = inProcess(await newMerchant());
    await paidPayment(m);
    let fewest = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3; run++) {
      await quiet();
      const release = await holdSealing(m.merchant_id);
      const before = commitsExecuted();
      await Promise.all(Array.from({ length: 10 }, () => paidPayment(m)));
      fewest = Math.min(fewest, commitsExecuted() - before);
      await release();
    }
    // PostgreSQL: the attempt's insert and the ledger's each commit on their own, then the outcome's
    // transaction (its WAL flushes are shared by PostgreSQL itself). SQLite: fewer commits than payments.
    if (dialect() === "postgres") expect(fewest).toBe(30);
    else expect(fewest).toBeLessThan(10);
  });

  // The outcome is written against the attempt as its caller recorded it, unread: when anyone
  // settled it meanwhile (a look-up, a late answer), that guarded write matches nothing and the
  // attempt is settled as it stands, exactly as when it is locked and read first.
  it("settles an attempt that changed since it was recorded as it stands: a late approval of a FAILED attempt, no second outcome", async () => {
    const m = await newMerchant();
    const attempt = await startCardAttempt(m, "Stale outcome");
    const failed = await settleAttempt(attempt.id, {
      kind: "declined",
      failure: { ok: false, pgCode: "DECLINED", pgMessage: "declined" },
    });
    expect(failed.status).toBe("FAILED");
    const approval = { ok: true as const, pgTxId: "pg-late-1", approvalNumber: "0001", pgResponse: "{}" };
    const answered = await settleAttempt(attempt.id, { kind: "approved", approval }, undefined, attempt);
    expect(answered).toMatchObject({ id: attempt.id, status: "FAILED", updated_at: failed.updated_at });
    expect(
      await getDb().selectFrom("transactions").selectAll().where("id", "=", attempt.id).executeTakeFirst(),
    ).toMatchObject({
      status: "FAILED",
      paid_at: null,
      pg_tx_id: null,
    });
    const late = await getDb()
      .selectFrom("late_approvals")
      .selectAll()
      .where("transaction_id", "=", attempt.id)
      .execute();
    expect(late).toEqual([expect.objectContaining({ kind: "CHARGE", amount: 5000 })]);
  });

  // The outcome's audit entry was an INSERT of its own: on PostgreSQL a round trip in the outcome's
  // transaction, ~10 % of a payment's CPU with its statement (docs/benchmarks.md "Audit cost").
  it("writes the outcome's audit entry in the outcome's own statement on PostgreSQL: an audited outcome runs no more statements than an unaudited one", async () => {
    const m = await newMerchant();
    const actor = { type: "API_KEY" as const, id: "key_outcome", name: "Outcome (sk_out…)", ip: "127.0.0.1" };
    const approval = { ok: true as const, pgTxId: "pg-outcome", approvalNumber: "0001", pgResponse: "{}" };
    const outcomeStatements = async (audited: boolean) => {
      let fewest = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run++) {
        const attempt = await startCardAttempt(m, "Audited outcome");
        await quiet();
        const release = await holdSealing(m.merchant_id);
        const before = statementsExecuted();
        const settle = () => settleAttempt(attempt.id, { kind: "approved", approval }, undefined, attempt);
        const settled = await (audited ? runAsCaller({ actor, merchantId: m.merchant_id }, settle) : settle());
        fewest = Math.min(fewest, statementsExecuted() - before);
        await release();
        expect(settled.status).toBe("PAID");
      }
      return fewest;
    };
    const unaudited = await outcomeStatements(false);
    // SQLite runs in process (no round trip to save) and has no data-modifying CTE: one INSERT more.
    expect(await outcomeStatements(true)).toBe(unaudited + (dialect() === "postgres" ? 0 : 1));
    const entries = await getDb()
      .selectFrom("audit_log")
      .select(["action", "actor_id", "summary"])
      .where("merchant_id", "=", m.merchant_id)
      .execute();
    expect(entries).toHaveLength(3);
    for (const entry of entries) {
      expect(entry).toMatchObject({ action: "payment.status_change", actor_id: "key_outcome" });
      expect(JSON.parse(entry.summary)).toMatchObject({ before: { status: "PENDING" }, after: { status: "PAID" } });
    }
    expect(await verifyAuditChains({ merchantId: m.merchant_id })).toMatchObject({ ok: true, entries: 3, breaks: [] });
  });

  // The entry rides on the guarded UPDATE: when that matches nothing, no entry may be written either.
  it("an outcome written against an attempt that changed since writes no audit entry; the transition that did happen has exactly one", async () => {
    const m = await newMerchant();
    const actor = { type: "API_KEY" as const, id: "key_stale", name: "Stale (sk_sta…)", ip: "127.0.0.1" };
    const attempt = await startCardAttempt(m, "Stale audited outcome");
    await runAsCaller({ actor, merchantId: m.merchant_id }, async () => {
      await settleAttempt(attempt.id, { kind: "declined", failure: { ok: false, pgCode: "D", pgMessage: "declined" } });
      const approval = { ok: true as const, pgTxId: "pg-stale", approvalNumber: "0001", pgResponse: "{}" };
      const answered = await settleAttempt(attempt.id, { kind: "approved", approval }, undefined, attempt);
      expect(answered.status).toBe("FAILED");
    });
    await sealingSettled();
    const entries = await getDb()
      .selectFrom("audit_log")
      .select(["target_id", "summary"])
      .where("merchant_id", "=", m.merchant_id)
      .execute();
    expect(entries.map((e) => JSON.parse(e.summary).after)).toEqual([{ status: "FAILED", cancelled_amount: 0 }]);
    expect(await verifyAuditChains({ merchantId: m.merchant_id })).toMatchObject({ ok: true, entries: 1, breaks: [] });
  });

  // A named statement gets PostgreSQL's generic plan after five runs: it must stay a unique look-up.
  it("finds the payment's primary attempt through the one-primary index, also under a generic plan", async () => {
    const key = { merchantId: "merchant", storeId: "store", paymentId: "payment" };
    const { sql: text, parameters } = primaryForAttemptQuery(getDb(), key).compile();
    let plan: string;
    if (dialect() === "postgres") {
      plan = await getDb()
        .transaction()
        .execute(async (tx) => {
          await sql`set local plan_cache_mode = force_generic_plan`.execute(tx);
          await tx.executeQuery(CompiledQuery.raw(`prepare primary_for_attempt as ${text}`));
          const args = parameters.map((p) => `'${String(p)}'`).join(", ");
          const rows = (
            await tx.executeQuery<{ "QUERY PLAN": string }>(
              CompiledQuery.raw(`explain execute primary_for_attempt(${args})`),
            )
          ).rows;
          await tx.executeQuery(CompiledQuery.raw("deallocate primary_for_attempt"));
          return rows.map((r) => r["QUERY PLAN"]).join("\n");
        });
      // Keyed by the payment (the one-primary index), never by merchant or store alone.
      expect(plan).toMatch(/transactions_one_primary_idx[\s\S]*Index Cond: \(payment_id = \$\d/);
    } else {
      const rows = await getDb().executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
      );
      plan = rows.rows.map((r) => r.detail).join("\n");
      expect(plan).toMatch(/USING (COVERING )?INDEX transactions_one_primary_idx \(payment_id=\?/);
    }
    expect(plan).not.toMatch(/merchant_(requested|status_time)|list_|Seq Scan|SCAN transactions/);
  });
});
