import type { AuthContext } from "@/lib/auth/context";
import { resolveStore } from "@/lib/tenancy/scope";
import { type ChannelPurpose, listStoreChannels } from "./repository";
import type { ListChannelsQuery } from "./schema";
import { type ChannelListItem, serializeChannelListItem } from "./serialize";

/** A store's channels (GET /v2/channels and every dashboard channel picker), optionally for one purpose. */
export async function listChannels({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: ListChannelsQuery & { purpose?: ChannelPurpose };
}): Promise<{ channels: ChannelListItem[] }> {
  const store = await resolveStore(ctx, input.store_id);
  const rows = await listStoreChannels(ctx.merchantId, store.id, input.purpose);
  return { channels: rows.map(serializeChannelListItem) };
}
