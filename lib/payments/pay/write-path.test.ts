import { describe, expect, it } from "vitest";
import { sealingSettled } from "@/lib/audit/seal";
import { statementsExecuted, statementsPreparedAfresh } from "@/lib/db/statement-cache";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { paidPayment } from "@/lib/testing/payments";

/** Until the process has run no statement for 100 ms (at most 3 s): background work after the set-up's commits. */
async function quiet(): Promise<void> {
  await sealingSettled();
  const deadline = Date.now() + 3_000;
  for (let last = -1; statementsExecuted() !== last && Date.now() < deadline; ) {
    last = statementsExecuted();
    await new Promise((r) => setTimeout(r, 100));
  }
}

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

describe("payment write path (issue #18)", () => {
  // On PostgreSQL every statement sent unnamed is parsed and planned on every run: with 38 indexes on
  // transactions, planning the payment's statements cost ~1.4 ms of PostgreSQL CPU per payment
  // (pg_stat_statements, docs/benchmarks.md "Write path"). On SQLite the statement cache already
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
});
