import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sealingSettled } from "@/lib/audit/seal";
import { closeDb, dialect, getDb, poolStats } from "@/lib/db/client";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { expectError } from "@/lib/testing/payment-assertions";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";

/**
 * The lease renewal of a slow request (CONTRACT §12), in this process: the lease and the sandbox
 * latency are set through this process's environment, so the HTTP pass leaves this file out
 * (vitest.http.config.ts) and the in-process suite runs it on both databases.
 *
 * On PostgreSQL this process gets a pool of ONE connection: a request waiting on the provider must
 * hold no connection (nor a transaction or lock) that its retries need, or they would wait for the
 * whole call instead of getting their 409. SQLite has one connection anyway.
 */
beforeAll(async () => {
  await closeDb();
  process.env.DATABASE_POOL_SIZE = "1";
});
afterAll(async () => {
  await sealingSettled();
  await closeDb();
  delete process.env.DATABASE_POOL_SIZE;
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function transactionCount(paymentId: string): Promise<number> {
  return (await getDb().selectFrom("transactions").select("id").where("payment_id", "=", paymentId).execute()).length;
}

/** The state of the merchant's Idempotency-Key record (none until a request has reserved the key). */
async function keyState(merchantId: string, key: string): Promise<string | undefined> {
  const row = await getDb()
    .selectFrom("idempotency_keys")
    .select("state")
    .where("merchant_id", "=", merchantId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row?.state;
}

describe("Idempotency-Key leases (CONTRACT §12)", () => {
  it("a slow request keeps its key (the lease is renewed) and no connection while the provider works: retries meanwhile get 409, never a second run", async () => {
    // In this process: the lease and the sandbox latency are set through this process's environment.
    const m = inProcess(await newMerchant());
    const id = newPaymentId();
    const body = cardPayBody(m);
    // Renewed every lease/4: a lease of 2 s leaves the event loop (and the database, shared with the
    // HTTP pass's other files and server) 1.5 s of lag before a renewal is late; 800 ms was once
    // outrun on PostgreSQL under load, and a retry then took the key over (never a second charge).
    const leaseMs = 2_000;
    process.env.IDEMPOTENCY_LEASE_MS = String(leaseMs);
    process.env.SANDBOX_LATENCY_MS = "6000";
    try {
      const first = m.api.post(`/v2/payments/${id}/instant/pay`, body, { "idempotency-key": "slow" });
      let done = false;
      void first.then(() => (done = true));
      // Retries start once the first request holds the key. A fixed head start was not enough: the
      // first in-process call imports the route (700 ms here, seconds under load) and a retry sent
      // meanwhile reached the key within a few ms of it; on PostgreSQL (two pooled connections) the
      // retry sometimes reserved it first, ran the 6 s payment itself and the first got the 409.
      await vi.waitFor(async () => expect(await keyState(m.merchant_id, "slow")).toBe("RUNNING"), {
        timeout: 20_000,
        interval: 20,
      });
      const heldAt = Date.now();
      let lastConflictAt = 0;
      while (!done) {
        const res = await m.api.post(`/v2/payments/${id}/instant/pay`, body, { "idempotency-key": "slow" });
        if (done && res.status === 200) break; // the first finished meanwhile: a replay
        expectError(res, 409, "IDEMPOTENCY_REQUEST_IN_PROGRESS");
        lastConflictAt = Date.now();
        await sleep(100);
      }
      // Retries were still refused well after the first lease would have run out unrenewed.
      expect(lastConflictAt - heldAt).toBeGreaterThan(2 * leaseMs);
      expect((await first).status).toBe(200);
      // The setup above took: everything ran on one connection.
      if (dialect() === "postgres") expect(poolStats()?.total).toBe(1);
    } finally {
      delete process.env.IDEMPOTENCY_LEASE_MS;
      delete process.env.SANDBOX_LATENCY_MS;
    }
    expect(await transactionCount(id)).toBe(1);
  });
});
