import { randomUUID } from "node:crypto";
import type { AuthContext } from "@/lib/auth/context";
import { recordAudit } from "@/lib/audit/record";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { newId } from "@/lib/ids";
import { callProvider } from "@/lib/providers/call";
import { nicePayments, tossPayments } from "./providers";
import { sealChannelSecret } from "./live-credentials";
import {
  type ChangeChannelKeyInput,
  type ConnectNiceChannelInput,
  type ConnectTossChannelInput,
  type LiveChannelView,
  niceChannelSecret,
} from "./live-schema";
import {
  channelTestedAt,
  findStoreLiveChannel,
  insertLiveChannel,
  type LiveChannelRecord,
  listStoreLiveChannels,
  recordConnectionTest,
  replaceChannelSecret,
  setChannelForPayment,
} from "./repository";

/**
 * LIVE channels a merchant connects per store (dashboard Channels page, OWNER/ADMIN): a Toss
 * Payments merchant id and secret key, or NICE Payments' client key and secret key, sealed at rest
 * and never shown again. A channel starts
 * disabled (is_for_payment = 0: payments answer CHANNEL_NOT_FOUND), is enabled only after a passing
 * connection test, and keeps its history when disabled. Every change is in the audit log
 * (channel.connect, .test, .enable, .disable, .key_change): who and when, never the key (its last
 * four characters, as the page shows them, tell keys apart).
 */
function requireManager(ctx: AuthContext): void {
  if (ctx.role === "VIEWER") throw new DomainError("PERMISSION_DENIED", "only owners and admins manage channels");
}

async function requireLiveChannel(ctx: AuthContext, channelId: string) {
  const channel = await findStoreLiveChannel(ctx.merchantId, ctx.storeId, channelId);
  if (!channel) throw new DomainError("CHANNEL_NOT_FOUND", "no LIVE channel with this id in the store");
  return channel;
}

function toView(r: LiveChannelRecord): LiveChannelView {
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    pgProvider: r.pg_provider,
    pgMerchantId: r.pg_merchant_id,
    type: "LIVE",
    enabled: r.is_for_payment === 1,
    secretKeyHint: r.secret_key_hint,
    testedAt: r.tested_at === null ? null : Number(r.tested_at),
    testError: r.test_error,
    createdAt: Number(r.created_at),
  };
}

async function liveChannelView(ctx: AuthContext, channelId: string): Promise<LiveChannelView> {
  const row = (await listStoreLiveChannels(ctx.merchantId, ctx.storeId)).find((c) => c.id === channelId);
  if (!row) throw new DomainError("CHANNEL_NOT_FOUND", "no LIVE channel with this id in the store");
  return toView(row);
}

export async function listLiveChannels({ ctx }: { ctx: AuthContext }): Promise<LiveChannelView[]> {
  requireManager(ctx);
  return (await listStoreLiveChannels(ctx.merchantId, ctx.storeId)).map(toView);
}

/** Saves the channel (disabled) with its sealed secret, then tests the connection once. */
async function connectLiveChannel(
  ctx: AuthContext,
  channel: { name: string; pgProvider: "TOSSPAYMENTS" | "NICE"; pgMerchantId: string; secret: string },
): Promise<LiveChannelView> {
  requireManager(ctx);
  const id = newId("ch_");
  const now = Date.now();
  const secret = sealChannelSecret(channel.secret);
  await transaction(async (tx) => {
    await insertLiveChannel(tx, {
      id,
      merchantId: ctx.merchantId,
      storeId: ctx.storeId,
      name: channel.name,
      pgProvider: channel.pgProvider,
      pgMerchantId: channel.pgMerchantId,
      ...secret,
      now,
    });
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "channel.connect",
      targetId: id,
      after: {
        name: channel.name,
        pg_provider: channel.pgProvider,
        pg_merchant_id: channel.pgMerchantId,
        secret_key_hint: secret.secretKeyHint,
      },
    });
  });
  return testChannelConnection({ ctx, input: { channelId: id } });
}

export async function connectTossChannel({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: ConnectTossChannelInput;
}): Promise<LiveChannelView> {
  return connectLiveChannel(ctx, {
    name: input.name,
    pgProvider: "TOSSPAYMENTS",
    pgMerchantId: input.pgMerchantId,
    secret: input.secretKey,
  });
}

/** A NICE Payments channel: the client key is its merchant id, both keys are sealed together. */
export async function connectNiceChannel({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: ConnectNiceChannelInput;
}): Promise<LiveChannelView> {
  return connectLiveChannel(ctx, {
    name: input.name,
    pgProvider: "NICE",
    pgMerchantId: input.clientKey,
    secret: niceChannelSecret(input),
  });
}

/** Replaces the channel's secret key (sealed like the first), then tests it: a failing key disables the channel. */
export async function changeChannelKey({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: ChangeChannelKeyInput;
}): Promise<LiveChannelView> {
  requireManager(ctx);
  const channel = await requireLiveChannel(ctx, input.channelId);
  const before = await liveChannelView(ctx, channel.id);
  const isNice = channel.pg_provider === "NICE";
  if (isNice === input.secretKey.startsWith("live_sk_"))
    throw new DomainError(
      "INVALID_REQUEST",
      `secretKey: not a ${isNice ? "NICE Payments" : "Toss Payments"} secret key`,
      {
        field: "secretKey",
      },
    );
  const secret = sealChannelSecret(
    isNice ? niceChannelSecret({ clientKey: channel.pg_merchant_id, secretKey: input.secretKey }) : input.secretKey,
  );
  await transaction(async (tx) => {
    await replaceChannelSecret(tx, channel.id, secret, Date.now());
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "channel.key_change",
      targetId: channel.id,
      before: { secret_key_hint: before.secretKeyHint },
      after: { secret_key_hint: secret.secretKeyHint },
    });
  });
  return testChannelConnection({ ctx, input: { channelId: channel.id } });
}

/**
 * Asks Toss for an order that cannot exist: 404 NOT_FOUND_PAYMENT proves the key is accepted
 * (nothing is created, no money moves); 401 UNAUTHORIZED_KEY or no answer fails the test.
 */
export async function testChannelConnection({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { channelId: string };
}): Promise<LiveChannelView> {
  requireManager(ctx);
  const channel = await requireLiveChannel(ctx, input.channelId);
  const probe = `connection-test-${randomUUID()}`;
  let error: string | null = null;
  try {
    if (channel.pg_provider === "NICE") {
      // NICE answers an order it has no record of (resultCode 2012) only to a client it accepts.
      const asked = await callProvider((signal) => nicePayments.lookupPayment({ channel, txId: probe, signal }));
      if (!asked.answered) error = `NICE Payments did not answer: ${asked.reason}`;
    } else {
      const asked = await callProvider((signal) => tossPayments.fetchOrder({ channel, orderId: probe, signal }));
      if (!asked.answered) error = `Toss Payments did not answer: ${asked.reason}`;
    }
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  await transaction(async (tx) => {
    await recordConnectionTest(channel.id, error, Date.now(), tx);
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "channel.test",
      targetId: channel.id,
      // A failed test also disables the channel (recordConnectionTest).
      after: { passed: error === null, ...(error ? { error, enabled: false } : {}) },
    });
  });
  return liveChannelView(ctx, channel.id);
}

export async function setChannelEnabled({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { channelId: string; enabled: boolean };
}): Promise<LiveChannelView> {
  requireManager(ctx);
  const channel = await requireLiveChannel(ctx, input.channelId);
  if (input.enabled && !(await channelTestedAt(channel.id))) {
    throw new DomainError("INVALID_REQUEST", "test the connection successfully before enabling the channel", {
      field: "enabled",
    });
  }
  await transaction(async (tx) => {
    await setChannelForPayment(channel.id, input.enabled, tx);
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: input.enabled ? "channel.enable" : "channel.disable",
      targetId: channel.id,
      before: { enabled: channel.is_for_payment === 1 },
      after: { enabled: input.enabled },
    });
  });
  return liveChannelView(ctx, channel.id);
}
