import { sql } from "kysely";
import { dialect, getDb, type Db, type Tx } from "@/lib/db/client";
import { precompiled } from "@/lib/db/precompiled";
import type { WebhookEndpointsTable } from "@/lib/db/tables/webhooks";

/** A store's webhook endpoint as stored (secrets sealed). */
export type EndpointRecord = WebhookEndpointsTable;

/** "*" or the JSON array of event types, as stored. */
export function storedEvents(events: "all" | string[]): string {
  return events === "all" ? "*" : JSON.stringify([...new Set(events)].sort());
}

export function parseEvents(stored: string): "all" | string[] {
  return stored === "*" ? "all" : (JSON.parse(stored) as string[]);
}

/** Whether an endpoint takes this event type ("Test" goes to whichever endpoint it is sent to). */
export function subscribes(endpoint: Pick<EndpointRecord, "events">, eventType: string): boolean {
  const events = parseEvents(endpoint.events);
  return events === "all" || events.includes(eventType);
}

export function listStoreEndpoints(merchantId: string, storeId: string, db: Db | Tx = getDb()) {
  return db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** An endpoint of this store; another store's or merchant's answers undefined. */
export function findStoreEndpoint(merchantId: string, storeId: string, id: string, db: Db | Tx = getDb()) {
  return db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .executeTakeFirst();
}

/** An endpoint by id, whatever its store (a delivery's attempt holds only the id). */
export function findEndpoint(id: string, db: Db | Tx = getDb()) {
  return db.selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertEndpoint(tx: Db | Tx, row: EndpointRecord): Promise<void> {
  await tx.insertInto("webhook_endpoints").values(row).execute();
}

export async function updateEndpoint(
  tx: Db | Tx,
  key: { merchantId: string; storeId: string; id: string },
  set: Partial<Pick<EndpointRecord, "url" | "description" | "events" | "enabled">> & { updated_at: number },
): Promise<void> {
  await tx
    .updateTable("webhook_endpoints")
    .set(set)
    .where("id", "=", key.id)
    .where("merchant_id", "=", key.merchantId)
    .where("store_id", "=", key.storeId)
    .execute();
}

/** A new sealed secret; the current one keeps signing until `keepPreviousUntil` (null: not at all). */
export async function replaceEndpointSecret(
  tx: Tx,
  endpoint: EndpointRecord,
  sealedSecret: string,
  now: number,
  keepPreviousUntil: number | null,
): Promise<void> {
  await tx
    .updateTable("webhook_endpoints")
    .set({
      secret: sealedSecret,
      previous_secret: keepPreviousUntil === null ? null : endpoint.secret,
      previous_secret_expires_at: keepPreviousUntil,
      updated_at: now,
    })
    .where("id", "=", endpoint.id)
    .where("merchant_id", "=", endpoint.merchant_id)
    .execute();
}

/**
 * Deletes an endpoint; its deliveries still waiting for a retry end FAILED (nothing is sent to an
 * address its owner removed). Their attempt jobs find them final and stop.
 */
export async function deleteEndpoint(tx: Tx, endpoint: EndpointRecord, now: number): Promise<void> {
  await tx
    .updateTable("webhook_deliveries")
    .set({ state: "FAILED", next_attempt_at: null, updated_at: now })
    .where("endpoint_id", "=", endpoint.id)
    .where("merchant_id", "=", endpoint.merchant_id)
    .where("state", "=", "PENDING")
    .execute();
  await tx
    .deleteFrom("webhook_endpoints")
    .where("id", "=", endpoint.id)
    .where("merchant_id", "=", endpoint.merchant_id)
    .execute();
}

// Asked on every payment state change that has no notice_urls: built once, each call binds values.
const enabledEndpoint = precompiled((db: Db, storeId: string, merchantId: string) =>
  db
    .selectFrom("webhook_endpoints")
    .select("id")
    .where("store_id", "=", storeId)
    .where("merchant_id", "=", merchantId)
    .where("enabled", "=", 1)
    .limit(1),
);

/** Whether the store has an enabled endpoint (an event with no notice_urls has somewhere to go). */
export async function storeHasEndpoint(db: Db | Tx, merchantId: string, storeId: string): Promise<boolean> {
  return (await enabledEndpoint.first([storeId, merchantId], db)) !== undefined;
}

/** The sealed secrets an endpoint signs with now: current, and the previous one while its overlap lasts. */
export function sealedEndpointSecrets(
  endpoint: Pick<EndpointRecord, "secret" | "previous_secret" | "previous_secret_expires_at">,
  now: number,
): { current: string; previous: string | null } {
  const previous =
    endpoint.previous_secret && Number(endpoint.previous_secret_expires_at ?? 0) > now
      ? endpoint.previous_secret
      : null;
  return { current: endpoint.secret, previous };
}

/** What a fan-out needs of each enabled endpoint, as one JSON column of its single read. */
export type FanOutEndpoint = Pick<
  EndpointRecord,
  "id" | "url" | "events" | "secret" | "previous_secret" | "previous_secret_expires_at"
>;

/** The enabled endpoints of `storeId` as a JSON array expression (for fanOutContext's one statement). */
export function enabledEndpointsJson(storeId: string, merchantId: string) {
  const filter = sql`from webhook_endpoints where store_id = ${storeId} and merchant_id = ${merchantId} and enabled = 1`;
  return dialect() === "postgres"
    ? sql`(select coalesce(json_agg(json_build_object('id', id, 'url', url, 'events', events, 'secret', secret,
        'previous_secret', previous_secret, 'previous_secret_expires_at', previous_secret_expires_at)), '[]'::json) ${filter})`
    : sql`(select json_group_array(json_object('id', id, 'url', url, 'events', events, 'secret', secret,
        'previous_secret', previous_secret, 'previous_secret_expires_at', previous_secret_expires_at)) ${filter})`;
}

export function parseFanOutEndpoints(value: unknown): FanOutEndpoint[] {
  if (value === null || value === undefined) return [];
  const rows = (typeof value === "string" ? JSON.parse(value) : value) as FanOutEndpoint[];
  return rows.sort((a, b) => (a.id < b.id ? -1 : 1));
}
