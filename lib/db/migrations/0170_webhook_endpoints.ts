import { type Kysely, sql } from "kysely";
import { randomUUID } from "node:crypto";
import type { MigrationDialect } from "./dialect";

/**
 * Webhook endpoints: several addresses per store, each with its own sealed signing secret and
 * chosen event types. A store's single webhook URL becomes one endpoint subscribed to every event
 * that keeps the store's secret (and a rotation's previous secret while it lasts), so its
 * receivers verify exactly as before. Deliveries name the endpoint they went to.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("previous_secret", "text")
    .addColumn("previous_secret_expires_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_endpoints_store_idx")
    .on("webhook_endpoints")
    .columns(["store_id", "created_at"])
    .execute();
  await db.schema.alterTable("webhook_deliveries").addColumn("endpoint_id", "text").execute();
  await db.schema
    .createIndex("webhook_deliveries_endpoint_time_idx")
    .on("webhook_deliveries")
    .columns(["endpoint_id", "created_at"])
    .execute();
  await moveStoreUrlsToEndpoints(db);
}

/**
 * Each store's webhook URL becomes an endpoint for every event, signing with the store's secret
 * (and a rotation's previous one while it lasts); the store's URL is cleared.
 */
export async function moveStoreUrlsToEndpoints(db: Kysely<unknown>): Promise<void> {
  const now = Date.now();
  const stores = await sql<{
    id: string;
    merchant_id: string;
    webhook_url: string;
    webhook_secret: string;
    previous_secret: string | null;
    expires_at: number | string | null;
  }>`select s.id, s.merchant_id, s.webhook_url, s.webhook_secret, r.previous_secret, r.expires_at
    from stores as s left join webhook_secret_rotations as r on r.store_id = s.id and r.expires_at > ${now}
    where s.webhook_url is not null and s.webhook_url <> ''`.execute(db);
  for (const s of stores.rows) {
    await sql`insert into webhook_endpoints (id, merchant_id, store_id, url, description, events, enabled, secret,
        previous_secret, previous_secret_expires_at, created_at, updated_at)
      values (${`we_${randomUUID().replaceAll("-", "")}`}, ${s.merchant_id}, ${s.id}, ${s.webhook_url}, null, '*', 1, ${s.webhook_secret},
        ${s.previous_secret}, ${s.expires_at === null ? null : Number(s.expires_at)}, ${now}, ${now})`.execute(db);
  }
  // The URL lives in the endpoint now; the store keeps its secret, which signs notice_urls deliveries.
  await sql`update stores set webhook_url = null where webhook_url is not null`.execute(db);
}
