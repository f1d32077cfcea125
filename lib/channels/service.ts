import type { AuthContext } from "@/lib/auth/context";
import { resolveStore } from "@/lib/tenancy/scope";
import { listStoreChannels } from "./repository";
import { serializeChannelListItem } from "./serialize";

export async function listChannels({ ctx, input }: { ctx: AuthContext; input: { store_id?: string } }) {
  const store = await resolveStore(ctx, input.store_id);
  const rows = await listStoreChannels(ctx.merchantId, store.id);
  return { channels: rows.map(serializeChannelListItem) };
}
