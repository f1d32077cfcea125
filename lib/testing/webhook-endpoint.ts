import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { storedEvents } from "@/lib/webhooks/endpoints/repository";

/**
 * Gives a store a webhook endpoint (every event unless `events` says otherwise) that signs with the
 * store's own secret, as the migration made of a store's former single webhook URL: tests then
 * verify with the merchant's `webhook_secret`. Answers the endpoint's id.
 */
export async function addStoreEndpoint(
  m: { merchant_id: string; store_id: string },
  url: string,
  events: "all" | string[] = "all",
): Promise<string> {
  const db = getDb();
  const store = await db
    .selectFrom("stores")
    .select("webhook_secret")
    .where("id", "=", m.store_id)
    .executeTakeFirstOrThrow();
  const id = newId("we_");
  const now = Date.now();
  await db
    .insertInto("webhook_endpoints")
    .values({
      id,
      merchant_id: m.merchant_id,
      store_id: m.store_id,
      url,
      description: null,
      events: storedEvents(events),
      enabled: 1,
      secret: store.webhook_secret,
      previous_secret: null,
      previous_secret_expires_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
