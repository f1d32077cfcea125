import { randomUUID } from "node:crypto";
import { DomainError } from "@/lib/api/error-codes";
import type { AuthContext } from "@/lib/auth/context";
import { getDb, withTransaction } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { callProvider } from "@/lib/providers/call";
import { tossPayments } from "@/lib/providers/live-adapters";
import type { ConnectTossChannelInput, LiveChannelView } from "./live-schema";
import { sealChannelSecret } from "./live-credentials";

/**
 * LIVE channels a merchant connects per store (dashboard Channels page, OWNER/ADMIN): a Toss
 * Payments merchant id and secret key, sealed at rest and never shown again. A channel starts
 * disabled (is_for_payment = 0: payments answer CHANNEL_NOT_FOUND), is enabled only after a passing
 * connection test, and keeps its history when disabled.
 */
function requireManager(ctx: AuthContext): void {
  if (ctx.role === "VIEWER") throw new DomainError("PERMISSION_DENIED", "only owners and admins manage channels");
}

async function requireLiveChannel(ctx: AuthContext, channelId: string) {
  const channel = await getDb().selectFrom("channels").selectAll().where("id", "=", channelId).where("merchant_id", "=", ctx.merchantId).where("store_id", "=", ctx.storeId).where("type", "=", "LIVE").executeTakeFirst();
  if (!channel) throw new DomainError("CHANNEL_NOT_FOUND", "no LIVE channel with this id in the store");
  return channel;
}

export async function listLiveChannels({ ctx }: { ctx: AuthContext }): Promise<LiveChannelView[]> {
  requireManager(ctx);
  const rows = await getDb()
    .selectFrom("channels")
    .innerJoin("channel_credentials", "channel_credentials.channel_id", "channels.id")
    .select(["channels.id", "channels.key", "channels.name", "channels.pg_provider", "channels.pg_merchant_id", "channels.is_for_payment", "channels.created_at", "channel_credentials.secret_key_hint", "channel_credentials.tested_at", "channel_credentials.test_error"])
    .where("channels.merchant_id", "=", ctx.merchantId)
    .where("channels.store_id", "=", ctx.storeId)
    .where("channels.type", "=", "LIVE")
    .orderBy("channels.created_at")
    .execute();
  return rows.map((r) => ({
    id: r.id, key: r.key, name: r.name, pgProvider: r.pg_provider, pgMerchantId: r.pg_merchant_id, type: "LIVE" as const, enabled: r.is_for_payment === 1,
    secretKeyHint: r.secret_key_hint, testedAt: r.tested_at === null ? null : Number(r.tested_at), testError: r.test_error, createdAt: Number(r.created_at),
  }));
}

/** Saves the channel (disabled) with its sealed secret, then tests the connection once. */
export async function connectTossChannel({ ctx, input }: { ctx: AuthContext; input: ConnectTossChannelInput }): Promise<LiveChannelView> {
  requireManager(ctx);
  const id = newId("ch_");
  const now = Date.now();
  await withTransaction(async (tx) => {
    await tx.insertInto("channels").values({ id, merchant_id: ctx.merchantId, store_id: ctx.storeId, key: `channel-key-${randomUUID()}`, name: input.name, type: "LIVE", pg_provider: "TOSSPAYMENTS", pg_merchant_id: input.pgMerchantId, is_for_payment: 0, is_for_identity_verification: 0, created_at: now }).execute();
    await tx.insertInto("channel_credentials").values({ channel_id: id, merchant_id: ctx.merchantId, store_id: ctx.storeId, ...sealChannelSecret(input.secretKey), tested_at: null, test_error: null, created_at: now, updated_at: now }).execute();
  });
  return testChannelConnection({ ctx, input: { channelId: id } });
}

/**
 * Asks Toss for an order that cannot exist: 404 NOT_FOUND_PAYMENT proves the key is accepted
 * (nothing is created, no money moves); 401 UNAUTHORIZED_KEY or no answer fails the test.
 */
export async function testChannelConnection({ ctx, input }: { ctx: AuthContext; input: { channelId: string } }): Promise<LiveChannelView> {
  requireManager(ctx);
  const channel = await requireLiveChannel(ctx, input.channelId);
  const probe = `connection-test-${randomUUID()}`;
  let error: string | null = null;
  try {
    const asked = await callProvider((signal) => tossPayments.fetchOrder({ channel, orderId: probe, signal }));
    if (!asked.answered) error = `Toss Payments did not answer: ${asked.reason}`;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const now = Date.now();
  await getDb().updateTable("channel_credentials").set({ tested_at: error ? null : now, test_error: error, updated_at: now }).where("channel_id", "=", channel.id).execute();
  if (error) await getDb().updateTable("channels").set({ is_for_payment: 0 }).where("id", "=", channel.id).execute();
  return (await listLiveChannels({ ctx })).find((c) => c.id === channel.id)!;
}

export async function setChannelEnabled({ ctx, input }: { ctx: AuthContext; input: { channelId: string; enabled: boolean } }): Promise<LiveChannelView> {
  requireManager(ctx);
  const channel = await requireLiveChannel(ctx, input.channelId);
  if (input.enabled) {
    const credentials = await getDb().selectFrom("channel_credentials").select("tested_at").where("channel_id", "=", channel.id).executeTakeFirst();
    if (!credentials?.tested_at) throw new DomainError("INVALID_REQUEST", "test the connection successfully before enabling the channel", { field: "enabled" });
  }
  await getDb().updateTable("channels").set({ is_for_payment: input.enabled ? 1 : 0 }).where("id", "=", channel.id).execute();
  return (await listLiveChannels({ ctx })).find((c) => c.id === channel.id)!;
}
