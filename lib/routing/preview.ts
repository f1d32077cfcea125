import type { AuthContext } from "@/lib/auth/context";
import { unavailableChannels } from "./availability";
import { definitionOf } from "./groups";
import { listStorePaymentChannels } from "./repository";
import type { ChannelGroupInput, RoutingSampleInput } from "./schema";
import { matchRule, selectChannel } from "./select";

export type RoutingPreview = {
  rule: string | null;
  chosen: { key: string; name: string; weight: number; share: number } | null;
  order: { key: string; name: string }[];
  skipped: { key: string; name: string; reason: string }[];
};

/**
 * Where a sample payment would go with a group as edited (before it is saved): the rule, the
 * channel drawn for this payment id, the failover order, and channels left out right now.
 */
export async function previewRouting({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { key?: string; group: ChannelGroupInput; sample: RoutingSampleInput };
}): Promise<RoutingPreview> {
  const definition = await definitionOf(ctx, input.group);
  const channels = await listStorePaymentChannels(ctx.merchantId, ctx.storeId);
  const byId = new Map(channels.map((c) => [c.id, c]));
  const ids = [
    ...new Set([...definition.targets, ...definition.rules.flatMap((r) => r.targets)].map((t) => t.channel_id)),
  ];
  const unavailable = await unavailableChannels(ids, channels);
  const { sample } = input;
  const facts = { paymentId: sample.payment_id, method: sample.method, amount: sample.amount, bin: sample.bin };
  // A saved group draws with its own key, so the preview shows where this very payment id would go.
  const decision = selectChannel(input.key ?? "preview", definition, facts, unavailable);
  const named = (id: string) => ({ key: byId.get(id)?.key ?? id, name: byId.get(id)?.name ?? id });
  if (!decision) {
    const rule = matchRule(definition, facts);
    const targets = rule?.targets ?? definition.targets;
    return {
      rule: rule?.name ?? null,
      chosen: null,
      order: [],
      skipped: targets.map((t) => ({ ...named(t.channel_id), reason: unavailable.get(t.channel_id) ?? "unavailable" })),
    };
  }
  const { chosen } = decision;
  return {
    rule: decision.rule,
    chosen: {
      ...named(chosen.channel_id),
      weight: chosen.weight,
      share: decision.totalWeight > 0 ? chosen.weight / decision.totalWeight : 1,
    },
    order: decision.order.map(named),
    skipped: decision.skipped.map((s) => ({ ...named(s.channel_id), reason: s.reason })),
  };
}
