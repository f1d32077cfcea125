import { describe, expect, it } from "vitest";
import type { AuthContext } from "@/lib/auth/context";
import { newMerchant } from "@/lib/testing/fixtures";
import { addStoreWithLimitedKey } from "@/lib/testing/tenants";
import { listChannels } from "./list-channels";

const origin = { platform_type: "API", ip_address: "127.0.0.1" } as const;

describe("listChannels (the API's and every dashboard picker's one channel list)", () => {
  it("narrows to a purpose in the API's shape", async () => {
    const m = await newMerchant();
    const ctx: AuthContext = {
      merchantId: m.merchant_id,
      storeId: m.store_id,
      storeLimited: false,
      hasHostingContract: false,
      origin,
    };
    const all = (await listChannels({ ctx, input: {} })).channels;
    const api = await m.api.get("/v2/channels");
    expect(api.body).toEqual({ channels: all });
    const identity = (await listChannels({ ctx, input: { purpose: "identity" } })).channels;
    const payment = (await listChannels({ ctx, input: { purpose: "payment" } })).channels;
    expect(identity.map((c) => c.pg_provider)).toEqual(["DANAL"]);
    expect(payment.every((c) => c.is_for_payment)).toBe(true);
    expect([...payment, ...identity].map((c) => c.key).sort()).toEqual(all.map((c) => c.key).sort());
  });

  it("answers another merchant's store as not found", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const other = await addStoreWithLimitedKey(b.merchant_id);
    const ctx: AuthContext = {
      merchantId: a.merchant_id,
      storeId: a.store_id,
      storeLimited: false,
      hasHostingContract: false,
      origin,
    };
    await expect(listChannels({ ctx, input: { store_id: other.storeId, purpose: "payment" } })).rejects.toMatchObject({
      code: "STORE_NOT_FOUND",
    });
  });
});
