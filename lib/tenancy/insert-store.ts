import { createDefaultChannels } from "@/lib/channels/repository";
import type { Executor } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { newWebhookSecret, sealWebhookSecret } from "@/lib/webhooks/secret";
import { insertStoreRow } from "./repository";

/** A store row with its webhook signing secret and TEST channels (CONTRACT §3, §9). */
export async function insertStore(
  tx: Executor,
  input: { merchantId: string; name: string; isDefault: boolean; tierCode?: string | null },
): Promise<{ id: string }> {
  const now = Date.now();
  const id = newId("store-");
  await insertStoreRow(tx, {
    id,
    merchant_id: input.merchantId,
    name: input.name,
    is_default: input.isDefault ? 1 : 0,
    tier_code: input.tierCode ?? null,
    webhook_secret: sealWebhookSecret(newWebhookSecret()),
    created_at: now,
    updated_at: now,
  });
  await createDefaultChannels(tx, input.merchantId, id, now);
  return { id };
}
