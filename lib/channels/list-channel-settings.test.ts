import { describe, expect, it } from "vitest";
import type { AuthContext } from "@/lib/auth/context";
import { contextOf } from "@/lib/testing/billing";
import { newMerchant } from "@/lib/testing/fixtures";
import { listChannelSettings } from "./list-channel-settings";
import { listLiveChannels } from "./live";

describe("listChannelSettings (the channels page)", () => {
  it("lists the store's TEST channels beside its LIVE ones, and refuses viewers", async () => {
    const m = await newMerchant();
    const ctx: AuthContext = { ...contextOf(m), role: "ADMIN" };
    const { live, test } = await listChannelSettings({ ctx });
    expect(live).toEqual(await listLiveChannels({ ctx }));
    expect(test.length).toBeGreaterThan(0);
    expect(test.every((c) => c.type === "TEST")).toBe(true);
    expect(test.some((c) => c.forPayment) && test.some((c) => !c.forPayment)).toBe(true);
    await expect(listChannelSettings({ ctx: { ...ctx, role: "VIEWER" } })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
  });
});
