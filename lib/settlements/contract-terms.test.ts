import { describe, expect, it } from "vitest";
import type { AuthContext } from "@/lib/auth/context";
import { newMerchant } from "@/lib/testing/fixtures";
import { listContractTerms, setContractTerms } from "./contract-terms";
import { DEFAULT_TERMS, type ContractTerms } from "./schema";

const terms: ContractTerms = {
  payout_days: 2,
  vat_bps: 1000,
  fees: {
    CARD: { kind: "RATE", rate_bps: 250 },
    VIRTUAL_ACCOUNT: { kind: "FLAT", amount: 300 },
    TRANSFER: { kind: "RATE", rate_bps: 180 },
    EASY_PAY: { kind: "RATE", rate_bps: 300 },
  },
};

function ctxOf(m: { merchant_id: string; store_id: string }, role: AuthContext["role"]): AuthContext {
  return {
    merchantId: m.merchant_id,
    storeId: m.store_id,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "PC", ip_address: "127.0.0.1" },
    role,
  };
}

describe("contract terms", () => {
  it("shows defaults until an owner or admin records terms, then those", async () => {
    const m = await newMerchant();
    const before = await listContractTerms({ ctx: ctxOf(m, "VIEWER") });
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((c) => c.is_default && JSON.stringify(c.terms) === JSON.stringify(DEFAULT_TERMS))).toBe(true);
    const channel = before[0]!;
    await setContractTerms({ ctx: ctxOf(m, "ADMIN"), input: { channel_id: channel.channel_id, terms } });
    const after = await listContractTerms({ ctx: ctxOf(m, "VIEWER") });
    expect(after.find((c) => c.channel_id === channel.channel_id)).toMatchObject({ terms, is_default: false });
  });

  it("refuses viewers and another merchant's channel", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const channelId = (await listContractTerms({ ctx: ctxOf(m, "OWNER") }))[0]!.channel_id;
    await expect(
      setContractTerms({ ctx: ctxOf(m, "VIEWER"), input: { channel_id: channelId, terms } }),
    ).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    await expect(
      setContractTerms({ ctx: ctxOf(other, "OWNER"), input: { channel_id: channelId, terms } }),
    ).rejects.toMatchObject({
      code: "CHANNEL_NOT_FOUND",
    });
  });
});
