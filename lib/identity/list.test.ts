import { describe, expect, it } from "vitest";
import type { AuthContext } from "@/lib/auth/context";
import { listCashReceipts } from "@/lib/cash-receipts/list-cash-receipts";
import { newMerchant } from "@/lib/testing/fixtures";
import { listSandboxInbox } from "./list-sandbox-inbox";
import { listVerifications } from "./list-verifications";

function contextOf(m: { merchant_id: string; store_id: string }): AuthContext {
  return {
    merchantId: m.merchant_id,
    storeId: m.store_id,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "PC", ip_address: "127.0.0.1" },
  };
}

describe("dashboard lists", () => {
  it("verifications: filter by status, search by id or phone prefix (LIKE wildcards literal), scoped to the store", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const channelKey = m.channels.find((c) => c.pg_provider === "DANAL")!.key;
    const send = (id: string, phone: string) =>
      m.api.post(`/identity-verifications/${id}/send`, {
        channelKey,
        customer: { name: "A", phoneNumber: phone },
        operator: "KT",
        method: "APP",
      });
    await send("order_1", "01011112222");
    await send("orderX1", "01033334444");
    await m.api.post(`/identity-verifications/order_1/confirm`, {});
    const ctx = contextOf(m);
    expect((await listVerifications({ ctx, input: {} })).totalCount).toBe(2);
    expect((await listVerifications({ ctx, input: { status: "VERIFIED" } })).items.map((v) => v.id)).toEqual([
      "order_1",
    ]);
    expect((await listVerifications({ ctx, input: { search: "order_" } })).items.map((v) => v.id)).toEqual(["order_1"]);
    expect((await listVerifications({ ctx, input: { search: "010-3333" } })).items.map((v) => v.id)).toEqual([
      "orderX1",
    ]);
    expect((await listVerifications({ ctx: contextOf(other), input: {} })).totalCount).toBe(0);
  });

  it("sandbox inbox: opens the sealed texts of the store only", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const channelKey = m.channels.find((c) => c.pg_provider === "DANAL")!.key;
    await m.api.post(`/identity-verifications/inbox-1/send`, {
      channelKey,
      customer: { name: "A", phoneNumber: "01012341234", identityNumber: "9001011" },
      operator: "KT",
      method: "SMS",
    });
    const { otp } = (await m.api.get(`/v2/test-identity-verifications/inbox-1/otp`)).body;
    const inbox = await listSandboxInbox({ ctx: contextOf(m) });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      verificationId: "inbox-1",
      phoneNumber: "01012341234",
      text: expect.stringContaining(otp),
    });
    expect(await listSandboxInbox({ ctx: contextOf(other) })).toEqual([]);
  });

  it("cash receipts: filter by status, type and issue date", async () => {
    const m = await newMerchant();
    const base = {
      channel_key: m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key,
      customer_identifier: "01012345678",
      order_name: "x",
      currency: "KRW",
      amount: 1000,
    };
    await m.api.post(`/v2/payments/a/cash-receipt`, { ...base, type: "PERSONAL" });
    await m.api.post(`/v2/payments/b/cash-receipt`, { ...base, type: "CORPORATE" });
    await m.api.delete(`/v2/payments/b/cash-receipt`);
    const ctx = contextOf(m);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listCashReceipts({ ctx, input: {} })).totalCount).toBe(2);
    expect((await listCashReceipts({ ctx, input: { status: "CANCELLED" } })).items.map((r) => r.payment_id)).toEqual([
      "b",
    ]);
    expect((await listCashReceipts({ ctx, input: { type: "PERSONAL" } })).items.map((r) => r.payment_id)).toEqual([
      "a",
    ]);
    expect((await listCashReceipts({ ctx, input: { from: today, to: today } })).totalCount).toBe(2);
    expect((await listCashReceipts({ ctx, input: { from: "2001-01-01", to: "2001-01-02" } })).totalCount).toBe(0);
  });
});
