import { describe, expect, it } from "vitest";
import { runAsCaller } from "@/lib/audit/actor";
import type { AuthContext } from "@/lib/auth/context";
import { sealedAuditLog } from "@/lib/testing/audit";
import { newMerchant } from "@/lib/testing/fixtures";
import { createChannelGroup, deleteChannelGroup, listChannelGroups, updateChannelGroup } from "./groups";
import { previewRouting } from "./preview";
import { channelGroupInput } from "./schema";

async function owner(role: AuthContext["role"] = "OWNER") {
  const m = await newMerchant();
  const ctx: AuthContext = {
    merchantId: m.merchant_id,
    storeId: m.store_id,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "PC", ip_address: "127.0.0.1" },
    role,
  };
  const key = (pg: string) => m.channels.find((c) => c.pg_provider === pg)!.key;
  return { m, ctx, toss: key("TOSSPAYMENTS"), nice: key("NICE") };
}

const split = (toss: string, nice: string) =>
  channelGroupInput.parse({
    name: "Cards 70/30",
    targets: [
      { channel_key: toss, weight: 70 },
      { channel_key: nice, weight: 30 },
    ],
    rules: [{ name: "AMEX to NICE", card_brands: ["AMEX"], targets: [{ channel_key: nice, weight: 1 }] }],
  });

describe("channel groups of a store", () => {
  it("each change is in the audit log under the user who made it, with what it was and became", async () => {
    const { m, ctx, toss, nice } = await owner();
    const admin = { type: "USER" as const, id: "usr_admin", name: "Admin <admin@example.com>", ip: "203.0.113.7" };
    const created = await runAsCaller({ actor: admin }, async () => {
      const group = await createChannelGroup({ ctx, input: split(toss, nice) });
      await updateChannelGroup({ ctx, input: { ...split(toss, nice), key: group.key, name: "Cards 50/50" } });
      await deleteChannelGroup({ ctx, input: { key: group.key } });
      return group;
    });
    const entries = (await sealedAuditLog(m.merchant_id, {})).entries
      .filter((e) => e.action.startsWith("channel_group."))
      .reverse();
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ["channel_group.create", "usr_admin"],
      ["channel_group.update", "usr_admin"],
      ["channel_group.delete", "usr_admin"],
    ]);
    expect(entries[0]!.summary.after).toMatchObject({ key: created.key, name: "Cards 70/30" });
    expect(entries[1]!.summary).toMatchObject({ before: { name: "Cards 70/30" }, after: { name: "Cards 50/50" } });
    expect(entries[2]!.summary.before).toMatchObject({ key: created.key, name: "Cards 50/50" });
  });

  it("are created with a key of their own, listed, changed and removed", async () => {
    const { ctx, toss, nice } = await owner();
    const created = await createChannelGroup({ ctx, input: split(toss, nice) });
    expect(created.key).toMatch(/^channel-group-/);
    expect(created.targets).toEqual([
      { channel_key: toss, weight: 70 },
      { channel_key: nice, weight: 30 },
    ]);
    expect((await listChannelGroups({ ctx })).groups.map((g) => g.key)).toEqual([created.key]);
    const changed = await updateChannelGroup({
      ctx,
      input: { ...split(toss, nice), key: created.key, name: "Cards 50/50" },
    });
    expect(changed.name).toBe("Cards 50/50");
    await deleteChannelGroup({ ctx, input: { key: created.key } });
    expect((await listChannelGroups({ ctx })).groups).toEqual([]);
  });

  it("answer a channel key that is not the store's as not found, naming the field", async () => {
    const { ctx, toss } = await owner();
    const other = await owner();
    await expect(createChannelGroup({ ctx, input: split(toss, other.nice) })).rejects.toMatchObject({
      code: "CHANNEL_NOT_FOUND",
      params: { field: "targets.1.channel_key" },
    });
  });

  it("answer another tenant's group as not found, and refuse viewers", async () => {
    const a = await owner();
    const b = await owner();
    const group = await createChannelGroup({ ctx: a.ctx, input: split(a.toss, a.nice) });
    await expect(
      updateChannelGroup({ ctx: b.ctx, input: { ...split(b.toss, b.nice), key: group.key } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteChannelGroup({ ctx: b.ctx, input: { key: group.key } })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await listChannelGroups({ ctx: b.ctx })).groups).toEqual([]);
    const viewer = { ...a.ctx, role: "VIEWER" as const };
    await expect(createChannelGroup({ ctx: viewer, input: split(a.toss, a.nice) })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
  });

  it("preview where a sample payment would go: the rule, the draw and the failover order", async () => {
    const { ctx, toss, nice } = await owner();
    const group = split(toss, nice);
    const amex = await previewRouting({
      ctx,
      input: { group, sample: { payment_id: "p-1", method: "CARD", amount: 5000, bin: "371234" } },
    });
    expect(amex).toMatchObject({ rule: "AMEX to NICE", chosen: { key: nice, share: 1 }, skipped: [] });
    const visa = await previewRouting({
      ctx,
      input: { group, sample: { payment_id: "p-2", method: "CARD", amount: 5000, bin: "424242" } },
    });
    expect(visa.rule).toBeNull();
    expect(visa.order.map((c) => c.key).sort()).toEqual([nice, toss].sort());
    expect(visa.chosen?.key).toBe(visa.order[0]?.key);
    expect(visa.chosen?.share).toBeCloseTo(visa.chosen?.key === toss ? 0.7 : 0.3);
  });
});
