import { randomUUID } from "node:crypto";
import { recordAudit } from "@/lib/audit/record";
import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { newId } from "@/lib/ids";
import {
  deleteGroup,
  findStoreGroup,
  insertGroup,
  listStoreGroups,
  listStorePaymentChannels,
  updateGroup,
} from "./repository";
import {
  GROUP_KEY_PREFIX,
  type ChannelGroupInput,
  type ChannelGroupView,
  type GroupDefinition,
  type RoutingTargetInput,
  type UpdateChannelGroupInput,
} from "./schema";
import { serializeGroup } from "./serialize";

/**
 * Channel groups of a store (docs/routing.md): created, changed and removed by owners and admins.
 * Channels are named by key in the input and kept by id, so a group follows its channels.
 */
function requireManager(ctx: AuthContext): void {
  if (ctx.role === "VIEWER") throw new DomainError("PERMISSION_DENIED", "only owners and admins manage channel groups");
}

export type GroupChannel = { key: string; name: string; pgProvider: string; type: "LIVE" | "TEST"; enabled: boolean };

async function storeChannels(ctx: AuthContext) {
  return listStorePaymentChannels(ctx.merchantId, ctx.storeId);
}

/** The stored definition: every channel key resolved to a channel of this store, else CHANNEL_NOT_FOUND naming the field. */
export async function definitionOf(ctx: AuthContext, input: ChannelGroupInput): Promise<GroupDefinition> {
  const byKey = new Map((await storeChannels(ctx)).map((c) => [c.key, c.id]));
  const resolve = (targets: RoutingTargetInput[], path: string) =>
    targets.map((t, i) => {
      const id = byKey.get(t.channel_key);
      if (!id)
        throw new DomainError("CHANNEL_NOT_FOUND", `${path}.${i}.channel_key: no channel with this key in the store`, {
          field: `${path}.${i}.channel_key`,
        });
      return { channel_id: id, weight: t.weight };
    });
  return {
    targets: resolve(input.targets, "targets"),
    rules: input.rules.map((rule, i) => ({ ...rule, targets: resolve(rule.targets, `rules.${i}.targets`) })),
  };
}

async function keysOf(ctx: AuthContext): Promise<Map<string, string>> {
  return new Map((await storeChannels(ctx)).map((c) => [c.id, c.key]));
}

export async function listChannelGroups({ ctx }: { ctx: AuthContext }): Promise<{
  groups: ChannelGroupView[];
  channels: GroupChannel[];
}> {
  const [rows, channels] = await Promise.all([listStoreGroups(ctx.merchantId, ctx.storeId), storeChannels(ctx)]);
  const keys = new Map(channels.map((c) => [c.id, c.key]));
  return {
    groups: rows.map((row) => serializeGroup(row, keys)),
    channels: channels.map((c) => ({
      key: c.key,
      name: c.name,
      pgProvider: c.pg_provider,
      type: c.type,
      enabled: c.is_for_payment === 1,
    })),
  };
}

export async function createChannelGroup({ ctx, input }: { ctx: AuthContext; input: ChannelGroupInput }) {
  requireManager(ctx);
  const definition = await definitionOf(ctx, input);
  const now = Date.now();
  const row = {
    id: newId("cg_"),
    merchant_id: ctx.merchantId,
    store_id: ctx.storeId,
    key: `${GROUP_KEY_PREFIX}${randomUUID()}`,
    name: input.name,
    definition: JSON.stringify(definition),
    created_at: now,
    updated_at: now,
  };
  await transaction(async (tx) => {
    await insertGroup(tx, row);
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "channel_group.create",
      targetId: row.id,
      after: { key: row.key, name: row.name, definition },
    });
  });
  return serializeGroup(row, await keysOf(ctx));
}

export async function updateChannelGroup({ ctx, input }: { ctx: AuthContext; input: UpdateChannelGroupInput }) {
  requireManager(ctx);
  const definition = await definitionOf(ctx, input);
  const ref = { merchantId: ctx.merchantId, storeId: ctx.storeId, key: input.key };
  await transaction(async (tx) => {
    const before = await findStoreGroup(ctx.merchantId, ctx.storeId, input.key, tx);
    const change = { name: input.name, definition: JSON.stringify(definition), updated_at: Date.now() };
    if (!before || !(await updateGroup(tx, ref, change)))
      throw new DomainError("NOT_FOUND", "no channel group with this key in the store");
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "channel_group.update",
      targetId: before.id,
      before: { name: before.name, definition: JSON.parse(before.definition) },
      after: { name: input.name, definition },
    });
  });
  const row = await findStoreGroup(ctx.merchantId, ctx.storeId, input.key);
  if (!row) throw new DomainError("NOT_FOUND", "no channel group with this key in the store");
  return serializeGroup(row, await keysOf(ctx));
}

export async function deleteChannelGroup({ ctx, input }: { ctx: AuthContext; input: { key: string } }) {
  requireManager(ctx);
  await transaction(async (tx) => {
    const before = await findStoreGroup(ctx.merchantId, ctx.storeId, input.key, tx);
    const ref = { merchantId: ctx.merchantId, storeId: ctx.storeId, key: input.key };
    if (!before || !(await deleteGroup(tx, ref)))
      throw new DomainError("NOT_FOUND", "no channel group with this key in the store");
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "channel_group.delete",
      targetId: before.id,
      before: { key: before.key, name: before.name, definition: JSON.parse(before.definition) },
    });
  });
  return { key: input.key };
}
