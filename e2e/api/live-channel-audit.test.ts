import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, runAsCaller } from "@/lib/audit/actor";
import { changeChannelKey, connectTossChannel, setChannelEnabled, testChannelConnection } from "@/lib/channels/live";
import { getDb } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { liveSecretKey, ownerContext } from "@/lib/testing/toss-live";
import { startTossFake, type TossFake } from "../toss-fake/server";

/**
 * A LIVE channel's secret key moves real money, so connecting, testing,
 * enabling, disabling and replacing the key each leave an audit entry naming who did it, and no
 * entry holds the key.
 */
let fake: TossFake;
beforeAll(async () => {
  fake = await startTossFake({});
  process.env.TOSS_API_BASE = fake.baseUrl;
});
afterAll(async () => {
  delete process.env.TOSS_API_BASE;
  await fake.close();
});

const admin: Actor = { type: "USER", id: "user_channel_admin", name: "Admin <admin@example.com>", ip: "203.0.113.9" };
const asAdmin = <T>(fn: () => Promise<T>) => runAsCaller({ actor: admin }, fn);

async function entriesFor(merchantId: string, channelId: string) {
  return getDb()
    .selectFrom("audit_log")
    .select(["action", "actor_id", "target_id", "summary"])
    .where("merchant_id", "=", merchantId)
    .where("target_id", "=", channelId)
    .orderBy("id")
    .execute();
}

describe("LIVE channel changes are audited", () => {
  it("connect, test, enable, disable and key change each record who did it, never the key", async () => {
    const m = await newMerchant();
    const ctx = ownerContext(m, "ADMIN");
    const firstKey = liveSecretKey();
    const secondKey = liveSecretKey();
    const view = await asAdmin(() =>
      connectTossChannel({ ctx, input: { name: "Toss", pgMerchantId: "audit_mid", secretKey: firstKey } }),
    );
    expect(view.testedAt).toEqual(expect.any(Number));
    await asAdmin(() => setChannelEnabled({ ctx, input: { channelId: view.id, enabled: true } }));
    await asAdmin(() => testChannelConnection({ ctx, input: { channelId: view.id } }));
    await asAdmin(() => setChannelEnabled({ ctx, input: { channelId: view.id, enabled: false } }));
    const changed = await asAdmin(() => changeChannelKey({ ctx, input: { channelId: view.id, secretKey: secondKey } }));
    expect(changed.secretKeyHint).toBe(secondKey.slice(-4));

    const entries = await entriesFor(m.merchant_id, view.id);
    expect(entries.map((e) => e.action)).toEqual([
      "channel.connect",
      "channel.test",
      "channel.enable",
      "channel.test",
      "channel.disable",
      "channel.key_change",
      "channel.test",
    ]);
    expect(entries.every((e) => e.actor_id === admin.id)).toBe(true);
    const byAction = (action: string) => JSON.parse(entries.find((e) => e.action === action)!.summary);
    expect(byAction("channel.connect").after).toMatchObject({
      pg_merchant_id: "audit_mid",
      secret_key_hint: firstKey.slice(-4),
    });
    expect(byAction("channel.enable")).toEqual({ before: { enabled: false }, after: { enabled: true } });
    expect(byAction("channel.disable")).toEqual({ before: { enabled: true }, after: { enabled: false } });
    expect(byAction("channel.key_change")).toEqual({
      before: { secret_key_hint: firstKey.slice(-4) },
      after: { secret_key_hint: secondKey.slice(-4) },
    });
    const text = JSON.stringify(entries);
    for (const key of [firstKey, secondKey]) expect(text).not.toContain(key.slice(8, -4));
  });

  it("a failed test is recorded with its outcome (the channel is disabled by it)", async () => {
    const m = await newMerchant();
    const ctx = ownerContext(m);
    process.env.TOSS_API_BASE = "http://127.0.0.1:9";
    try {
      const view = await asAdmin(() =>
        connectTossChannel({ ctx, input: { name: "Toss", pgMerchantId: "audit_mid", secretKey: liveSecretKey() } }),
      );
      expect(view.testedAt).toBeNull();
      const entries = await entriesFor(m.merchant_id, view.id);
      expect(entries.map((e) => e.action)).toEqual(["channel.connect", "channel.test"]);
      expect(JSON.parse(entries[1]!.summary).after).toMatchObject({ passed: false, enabled: false });
    } finally {
      process.env.TOSS_API_BASE = fake.baseUrl;
    }
  });
});
