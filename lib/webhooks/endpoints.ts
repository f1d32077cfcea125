import { recordAudit } from "@/lib/audit/record";
import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { newId } from "@/lib/ids";
import { toRfc3339 } from "@/lib/time";
import { resolveStore } from "@/lib/tenancy/scope";
import { checkWebhookUrl } from "./address-policy";
import type { CreateEndpointInput, EndpointView, UpdateEndpointInput } from "./endpoint-schema";
import {
  deleteEndpoint as removeEndpoint,
  type EndpointRecord,
  findStoreEndpoint,
  insertEndpoint,
  listStoreEndpoints,
  parseEvents,
  storedEvents,
  updateEndpoint as writeEndpoint,
} from "./endpoints/repository";
import { SUBSCRIBABLE_EVENTS } from "./schema";
import { newWebhookSecret, sealWebhookSecret } from "./secret";

/** Endpoints a store may have: enough for every real use, few enough that a fan-out stays small. */
export const MAX_ENDPOINTS_PER_STORE = 10;

/** Chosen events in the platform's order (Paid first), whatever order they were stored in. */
function inListOrder(events: "all" | string[]): EndpointView["events"] {
  if (events === "all") return "all";
  return SUBSCRIBABLE_EVENTS.filter((e) => events.includes(e));
}

export function toEndpointView(row: EndpointRecord, now = Date.now()): EndpointView {
  const previousUntil = row.previous_secret ? Number(row.previous_secret_expires_at ?? 0) : 0;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: inListOrder(parseEvents(row.events)),
    enabled: row.enabled === 1,
    createdAt: toRfc3339(row.created_at),
    previousSecretExpiresAt: previousUntil > now ? toRfc3339(previousUntil) : null,
  };
}

/** Refuses an address naming the reason (params.reason: lib/webhooks/address-policy.ts URL_REFUSALS). */
async function assertAddressAllowed(url: string): Promise<void> {
  const refusal = await checkWebhookUrl(url);
  if (!refusal) return;
  const { message, ...params } = refusal;
  throw new DomainError("INVALID_REQUEST", `url: ${message}`, { field: "url", ...params });
}

/** An endpoint of the caller's store, or NOT_FOUND (another store's too). */
export async function storeEndpoint(ctx: AuthContext, id: string) {
  const store = await resolveStore(ctx, undefined);
  const endpoint = await findStoreEndpoint(ctx.merchantId, store.id, id);
  if (!endpoint) throw new DomainError("NOT_FOUND", "webhook endpoint not found");
  return { store, endpoint };
}

export async function listEndpoints({ ctx }: { ctx: AuthContext }): Promise<EndpointView[]> {
  const store = await resolveStore(ctx, undefined);
  const now = Date.now();
  return (await listStoreEndpoints(ctx.merchantId, store.id)).map((e) => toEndpointView(e, now));
}

/** A new endpoint with its own signing secret, answered once here and never again. */
export async function createEndpoint({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { url: string; description?: string; events: CreateEndpointInput["events"] };
}): Promise<{ endpoint: EndpointView; secret: string }> {
  const store = await resolveStore(ctx, undefined);
  await assertAddressAllowed(input.url);
  const secret = newWebhookSecret();
  const now = Date.now();
  const row: EndpointRecord = {
    id: newId("we_"),
    merchant_id: ctx.merchantId,
    store_id: store.id,
    url: input.url,
    description: input.description || null,
    events: storedEvents(input.events),
    enabled: 1,
    secret: sealWebhookSecret(secret),
    previous_secret: null,
    previous_secret_expires_at: null,
    created_at: now,
    updated_at: now,
  };
  await transaction(async (tx) => {
    const existing = await listStoreEndpoints(ctx.merchantId, store.id, tx);
    if (existing.length >= MAX_ENDPOINTS_PER_STORE)
      throw new DomainError("INVALID_REQUEST", `a store has at most ${MAX_ENDPOINTS_PER_STORE} webhook endpoints`);
    await insertEndpoint(tx, row);
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "webhook.endpoint_create",
      targetId: row.id,
      after: { url: row.url, events: row.events },
    });
  });
  return { endpoint: toEndpointView(row, now), secret };
}

/** Changes an endpoint's address, description, events or whether it is enabled. */
export async function updateEndpoint({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: Omit<UpdateEndpointInput, "events"> & { events?: CreateEndpointInput["events"] };
}): Promise<EndpointView> {
  const { store, endpoint } = await storeEndpoint(ctx, input.id);
  if (input.url !== undefined && input.url !== endpoint.url) await assertAddressAllowed(input.url);
  const now = Date.now();
  const set = {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.description !== undefined ? { description: input.description || null } : {}),
    ...(input.events !== undefined ? { events: storedEvents(input.events) } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
    updated_at: now,
  };
  await transaction(async (tx) => {
    await writeEndpoint(tx, { merchantId: ctx.merchantId, storeId: store.id, id: endpoint.id }, set);
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "webhook.endpoint_update",
      targetId: endpoint.id,
      before: { url: endpoint.url, events: endpoint.events, enabled: endpoint.enabled === 1 },
      after: {
        url: set.url ?? endpoint.url,
        events: set.events ?? endpoint.events,
        enabled: (set.enabled ?? endpoint.enabled) === 1,
      },
    });
  });
  return toEndpointView({ ...endpoint, ...set }, now);
}

/** Deletes an endpoint; its deliveries waiting for a retry are not sent (they end FAILED). */
export async function deleteEndpoint({ ctx, input }: { ctx: AuthContext; input: { id: string } }) {
  const { endpoint } = await storeEndpoint(ctx, input.id);
  await transaction(async (tx) => {
    await removeEndpoint(tx, endpoint, Date.now());
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "webhook.endpoint_delete",
      targetId: endpoint.id,
      before: { url: endpoint.url, events: endpoint.events },
    });
  });
  return { id: endpoint.id };
}
