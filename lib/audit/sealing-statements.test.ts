import { describe, expect, it } from "vitest";
import { withTransaction } from "@/lib/db/client";
import { statementsExecuted } from "@/lib/db/statement-cache";
import { newMerchant } from "@/lib/testing/fixtures";
import type { Actor } from "./actor";
import { recordAudit } from "./record";
import { holdSealing, sealAuditChain } from "./seal";
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
});
