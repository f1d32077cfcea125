import { createDefaultChannels } from "@/lib/channels/repository";
import type { Db, Tx } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { newWebhookSecret, sealWebhookSecret } from "@/lib/webhooks/secret";

/** A store row with its webhook signing secret and TEST channels (CONTRACT §3, §9). */
export async function insertStore(
  tx: Db | Tx,
  input: { merchantId: string; name: string; isDefault: boolean; tierCode?: string | null },
): Promise<{ id: string }> {
  const now = Date.now();
  const id = newId("store-");
  await tx
    .insertInto("stores")
    .values({
      id,
      merchant_id: input.merchantId,
      name: input.name,
      is_default: input.isDefault ? 1 : 0,
      tier_code: input.tierCode ?? null,
      webhook_url: null,
      webhook_secret: sealWebhookSecret(newWebhookSecret()),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await createDefaultChannels(tx, input.merchantId, id, now);
  return { id };
}
