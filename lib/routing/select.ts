import { createHash } from "node:crypto";
import { cardBrandOf } from "./card-brand";
import type { GroupDefinition, RoutedMethod, StoredRule, StoredTarget } from "./schema";

/** What routing knows of a payment before any provider call. */
export type RoutingFacts = {
  paymentId: string;
  method: RoutedMethod;
  amount: number;
  /** The card's first digits, when a card is given. */
  bin?: string;
};

/** Where a payment goes and why: the rule that matched, the weighted draw, and the failover order. */
export type RoutingDecision = {
  /** The matched rule's name; null: the group's default targets. */
  rule: string | null;
  /** The deterministic draw in [0, 1) for this payment id and group. */
  draw: number;
  chosen: StoredTarget;
  /** Sum of the weights the draw was made over (available targets only). */
  totalWeight: number;
  /** Channel ids in the order they may be tried: the chosen one first, then the others as listed. */
  order: string[];
  /** Targets left out before the draw, with why (e.g. the channel's circuit is open). */
  skipped: { channel_id: string; reason: string }[];
};

function matches(rule: StoredRule, facts: RoutingFacts): boolean {
  if (rule.method && rule.method !== facts.method) return false;
  if (rule.min_amount !== undefined && facts.amount < rule.min_amount) return false;
  if (rule.max_amount !== undefined && facts.amount > rule.max_amount) return false;
  const bin = facts.bin ?? "";
  if (rule.card_brands?.length) {
    const brand = cardBrandOf(bin);
    if (!brand || !rule.card_brands.includes(brand)) return false;
  }
  if (rule.bin_prefixes?.length && !rule.bin_prefixes.some((prefix) => bin.startsWith(prefix))) return false;
  return true;
}

/** The first rule of the group whose conditions all hold for the payment, if any. */
export function matchRule(definition: GroupDefinition, facts: RoutingFacts): StoredRule | undefined {
  return definition.rules.find((r) => matches(r, facts));
}

/** A number in [0, 1) fixed by the group and the payment id, so a retry of the same id draws the same. */
export function routingDraw(groupKey: string, paymentId: string): number {
  const digest = createHash("sha256").update(`${groupKey}\u0000${paymentId}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/**
 * Chooses a channel of a group for a payment: the first rule whose conditions all hold (method,
 * amount range, card brand or BIN prefix) gives the targets, else the group's default targets;
 * targets `unavailable` names (with why) are skipped; among the rest one is drawn by weight.
 * Pure: the same group, payment and availability always give the same decision. Null when no
 * target is available.
 */
export function selectChannel(
  groupKey: string,
  definition: GroupDefinition,
  facts: RoutingFacts,
  unavailable: ReadonlyMap<string, string> = new Map(),
): RoutingDecision | null {
  const rule = matchRule(definition, facts) ?? null;
  const targets = rule ? rule.targets : definition.targets;
  const skipped = targets
    .filter((t) => unavailable.has(t.channel_id))
    .map((t) => ({ channel_id: t.channel_id, reason: unavailable.get(t.channel_id) ?? "unavailable" }));
  const available = targets.filter((t) => !unavailable.has(t.channel_id));
  if (available.length === 0) return null;
  const draw = routingDraw(groupKey, facts.paymentId);
  const weighted = available.filter((t) => t.weight > 0);
  const totalWeight = weighted.reduce((sum, t) => sum + t.weight, 0);
  let chosen = available[0]!;
  if (totalWeight > 0) {
    let point = draw * totalWeight;
    for (const target of weighted) {
      chosen = target;
      if (point < target.weight) break;
      point -= target.weight;
    }
  }
  const order = [chosen.channel_id, ...available.filter((t) => t !== chosen).map((t) => t.channel_id)];
  return { rule: rule?.name ?? null, draw, chosen, totalWeight, order, skipped };
}
