import { type ChannelRecord, listStoreChannels } from "@/lib/channels/repository";
import { unavailableChannels } from "./availability";
import { findStoreGroup, insertRoutingRecord, listPaymentRouting } from "./repository";
import { GROUP_KEY_PREFIX, type RoutingRecord } from "./schema";
import { parseDefinition } from "./serialize";
import { type RoutingFacts, selectChannel } from "./select";

/** A payment routed through a group: the channels to try in order, and the decision to record per try. */
export type RoutedPayment = {
  groupKey: string;
  groupName: string;
  /** The channels to try, the drawn one first (only available ones). */
  channels: ChannelRecord[];
  /** The record of the n-th try (0-based), with the try it fails over from. */
  recordFor: (index: number, failoverAfter?: RoutingRecord["failover_after"]) => RoutingRecord;
};

/**
 * The group named by `key` in the store, routed for this payment (docs/routing.md); undefined when
 * the key is not a group's. A group whose every channel is unavailable routes to none: the caller
 * refuses the payment without calling anyone.
 */
export async function routePayment(
  merchantId: string,
  storeId: string,
  key: string,
  facts: RoutingFacts,
): Promise<RoutedPayment | undefined> {
  if (!key.startsWith(GROUP_KEY_PREFIX)) return undefined;
  const group = await findStoreGroup(merchantId, storeId, key);
  if (!group) return undefined;
  const definition = parseDefinition(group.definition);
  const channels = await listStoreChannels(merchantId, storeId, "payment");
  const storeAll = channels.map((c) => ({ id: c.id, is_for_payment: c.is_for_payment }));
  const ids = [...definition.targets, ...definition.rules.flatMap((r) => r.targets)].map((t) => t.channel_id);
  const unavailable = await unavailableChannels([...new Set(ids)], storeAll);
  const decision = selectChannel(group.key, definition, facts, unavailable);
  const byId = new Map(channels.map((c) => [c.id, c]));
  const ordered = (decision?.order ?? []).map((id) => byId.get(id)).filter((c): c is ChannelRecord => !!c);
  const keyOf = (id: string) => byId.get(id)?.key ?? id;
  const weights = new Map(
    (decision?.rule ? definition.rules.find((r) => r.name === decision.rule)?.targets : definition.targets)?.map(
      (t) => [t.channel_id, t.weight],
    ) ?? [],
  );
  return {
    groupKey: group.key,
    groupName: group.name,
    channels: ordered,
    recordFor: (index, failoverAfter) => {
      const channel = ordered[index]!;
      return {
        group_key: group.key,
        group_name: group.name,
        rule: decision?.rule ?? null,
        channel_key: channel.key,
        weight: weights.get(channel.id) ?? 0,
        total_weight: decision?.totalWeight ?? 0,
        try: index + 1,
        skipped: (decision?.skipped ?? []).map((s) => ({ channel_key: keyOf(s.channel_id), reason: s.reason })),
        ...(failoverAfter ? { failover_after: failoverAfter } : {}),
      };
    },
  };
}

/** Keeps why an attempt went where it did (read back by the payment's timeline). */
export async function recordRouting(
  attempt: { id: string; merchant_id: string; store_id: string; payment_id: string },
  record: RoutingRecord,
): Promise<void> {
  await insertRoutingRecord({
    transaction_id: attempt.id,
    merchant_id: attempt.merchant_id,
    store_id: attempt.store_id,
    payment_id: attempt.payment_id,
    decision: JSON.stringify(record),
    created_at: Date.now(),
  });
}

/** The routing decisions of a payment's attempts by transaction id (none: it named a channel). */
export async function paymentRouting(
  merchantId: string,
  storeId: string,
  paymentId: string,
): Promise<Map<string, RoutingRecord>> {
  const rows = await listPaymentRouting(merchantId, storeId, paymentId);
  return new Map(rows.map((r) => [r.transaction_id, JSON.parse(r.decision) as RoutingRecord]));
}
