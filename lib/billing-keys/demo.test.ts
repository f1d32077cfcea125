import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { seedBillingDemo } from "./demo";

describe("billing demo seeder", () => {
  it("issues a test-card key and books three monthly schedules on it", async () => {
    const m = await newMerchant();
    await seedBillingDemo({ merchantId: m.merchant_id, storeId: m.store_id });
    const keys = await getDb()
      .selectFrom("billing_keys")
      .selectAll()
      .where("merchant_id", "=", m.merchant_id)
      .execute();
    expect(keys.map((k) => [k.status, k.card_number])).toEqual([["ISSUED", "424242******4242"]]);
    const schedules = await getDb()
      .selectFrom("schedules")
      .selectAll()
      .where("billing_key", "=", keys[0]!.id)
      .orderBy("scheduled_at")
      .execute();
    expect(schedules.map((s) => [s.payment_id, s.status])).toEqual(
      [1, 2, 3].map((i) => [`demo-subscription-${i}`, "SCHEDULED"]),
    );
  });
});
