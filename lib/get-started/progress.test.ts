import { describe, expect, it } from "vitest";
import type { AuthContext } from "@/lib/auth/context";
import { addStoreEndpoint } from "@/lib/testing/webhook-endpoint";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { newMerchant } from "@/lib/testing/fixtures";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { getStartedProgress } from "./progress";

const ctxOf = (m: { merchant_id: string; store_id: string }): AuthContext => ({
  merchantId: m.merchant_id,
  storeId: m.store_id,
  storeLimited: false,
  hasHostingContract: false,
  origin: { platform_type: "PC", ip_address: "127.0.0.1" },
  role: "OWNER",
});

const doneSteps = async (m: { merchant_id: string; store_id: string }) =>
  (await getStartedProgress({ ctx: ctxOf(m) })).steps.filter((s) => s.done).map((s) => s.key);

describe("get-started checklist", () => {
  it("starts empty for a new merchant and ticks each step as the data shows it", async () => {
    const m = await newMerchant();
    expect(await doneSteps(m)).toEqual([]);

    await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, outcome: "FAILED" });
    expect(await doneSteps(m)).toEqual([]); // a declined test payment is not a test payment made
    await createPayment({ merchantId: m.merchant_id, storeId: m.store_id });
    expect(await doneSteps(m)).toEqual(["testPayment"]);

    await addStoreEndpoint(m, "https://example.com/hook");
    expect(await doneSteps(m)).toEqual(["testPayment", "webhook"]);

    await getDb()
      .insertInto("invitations")
      .values({
        id: newId("inv_"),
        merchant_id: m.merchant_id,
        store_id: null,
        email: "mate@example.com",
        role: "VIEWER",
        token_hash: newId("hash_"),
        invited_by: "u",
        created_at: Date.now(),
        expires_at: Date.now() + 86_400_000,
        accepted_at: null,
        revoked_at: null,
      })
      .execute();
    expect(await doneSteps(m)).toEqual(["testPayment", "webhook", "teammate"]);

    await getDb()
      .insertInto("channels")
      .values({
        id: newId("ch_"),
        merchant_id: m.merchant_id,
        store_id: m.store_id,
        key: newId("channel-key-"),
        name: "live",
        type: "LIVE",
        pg_provider: "TOSSPAYMENTS",
        pg_merchant_id: "live-mid",
        is_for_payment: 1,
        is_for_identity_verification: 0,
        created_at: Date.now(),
      })
      .execute();
    const all = await getStartedProgress({ ctx: ctxOf(m) });
    expect(all.complete).toBe(true);
  });

  it("never counts another merchant's data", async () => {
    const m = await newMerchant();
    const other = await newMerchant({ webhookUrl: "https://example.com/other" });
    await createPayment({ merchantId: other.merchant_id, storeId: other.store_id });
    expect(await doneSteps(m)).toEqual([]);
    expect(await doneSteps(other)).toEqual(["testPayment", "webhook"]);
  });
});
