import type { ChannelGroupRecord } from "./repository";
import type { ChannelGroupView, GroupDefinition, RoutingRuleInput, StoredTarget } from "./schema";

/** Channel ids → keys for display; a channel gone since shows its id. */
export type ChannelKeys = ReadonlyMap<string, string>;

function targetsView(targets: StoredTarget[], keys: ChannelKeys) {
  return targets.map((t) => ({ channel_key: keys.get(t.channel_id) ?? t.channel_id, weight: t.weight }));
}

export function parseDefinition(text: string): GroupDefinition {
  const parsed = JSON.parse(text) as Partial<GroupDefinition>;
  return { targets: parsed.targets ?? [], rules: parsed.rules ?? [] };
}

export function serializeGroup(row: ChannelGroupRecord, keys: ChannelKeys): ChannelGroupView {
  const definition = parseDefinition(row.definition);
  return {
    key: row.key,
    name: row.name,
    targets: targetsView(definition.targets, keys),
    rules: definition.rules.map(
      (rule): RoutingRuleInput => ({ ...rule, targets: targetsView(rule.targets, keys) }) as RoutingRuleInput,
    ),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
