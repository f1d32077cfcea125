import type { AuthContext } from "@/lib/auth/context";
import { listChannelGroups } from "./groups";

/**
 * The store's channel groups that can only reach TEST channels (every default and rule target),
 * for the dashboard's key-in form, which pays on TEST channels only.
 */
export async function testChannelGroups({ ctx }: { ctx: AuthContext }): Promise<{ key: string; name: string }[]> {
  const { groups, channels } = await listChannelGroups({ ctx });
  const test = new Set(channels.filter((c) => c.type === "TEST").map((c) => c.key));
  return groups
    .filter((g) => [...g.targets, ...g.rules.flatMap((r) => r.targets)].every((t) => test.has(t.channel_key)))
    .map((g) => ({ key: g.key, name: g.name }));
}
