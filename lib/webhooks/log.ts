import { sql } from "kysely";
import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { getDb, withTransaction } from "@/lib/db/client";
import { DAY } from "@/lib/time";
import { resolveStore } from "@/lib/tenancy/scope";
import { runDeliveryInline } from "./run-inline";
import type { DeliveryAttemptView, DeliveryFilter, DeliveryView } from "./schema";
import { toAttemptView, toDeliveryView } from "./serialize";
import { queueResend } from "./targets";

/** Bulk resend queues at most this many deliveries per click. */
export const RESEND_MATCHING_LIMIT = 500;

function filtered(ctx: AuthContext, storeId: string, filter: DeliveryFilter) {
  let q = getDb().selectFrom("webhook_deliveries").where("merchant_id", "=", ctx.merchantId).where("store_id", "=", storeId);
  if (filter.state) q = q.where("state", "=", filter.state);
  if (filter.event) q = q.where("event_type", "=", filter.event);
  if (filter.url) {
    const pattern = `%${filter.url.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`;
    q = q.where(sql<boolean>`lower(url) like ${pattern} escape '\\'`);
  }
  if (filter.from) q = q.where("created_at", ">=", Date.parse(`${filter.from}T00:00:00Z`));
  if (filter.to) q = q.where("created_at", "<", Date.parse(`${filter.to}T00:00:00Z`) + DAY);
  return q;
}

/** The current store's deliveries, newest first, with each one's latest attempt outcome. */
export async function listDeliveries({ ctx, input }: { ctx: AuthContext; input: DeliveryFilter & { page: number; limit: number } }) {
  const store = await resolveStore(ctx, undefined);
  const base = filtered(ctx, store.id, input);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(input.limit).offset(input.page * input.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const attempts = rows.length === 0 ? [] : await getDb().selectFrom("webhook_attempts").selectAll().where("delivery_id", "in", rows.map((r) => r.id)).orderBy("execution").execute();
  const last = new Map(attempts.map((a) => [a.delivery_id, a]));
  const items: DeliveryView[] = rows.map((r) => toDeliveryView(r, last.get(r.id)));
  return { items, total: Number(count.n), page: input.page, limit: input.limit };
}

/** Every attempt of one delivery of the current store, with request and response. */
export async function listDeliveryAttempts({ ctx, input }: { ctx: AuthContext; input: { id: string } }): Promise<DeliveryAttemptView[]> {
  const store = await resolveStore(ctx, undefined);
  // Another store's delivery is not found, like every other foreign id (not an empty list).
  const delivery = await getDb().selectFrom("webhook_deliveries").select("id").where("id", "=", input.id).where("merchant_id", "=", ctx.merchantId).where("store_id", "=", store.id).executeTakeFirst();
  if (!delivery) throw new DomainError("NOT_FOUND", "delivery not found");
  const rows = await getDb().selectFrom("webhook_attempts").selectAll().where("delivery_id", "=", input.id).where("merchant_id", "=", ctx.merchantId).where("store_id", "=", store.id).orderBy("execution").execute();
  return rows.map(toAttemptView);
}

/** Sends one delivery's event again now (MANUAL) and reports the attempt. */
export async function resendDelivery({ ctx, input }: { ctx: AuthContext; input: { id: string } }) {
  const store = await resolveStore(ctx, undefined);
  const delivery = await getDb().selectFrom("webhook_deliveries").selectAll().where("id", "=", input.id).where("merchant_id", "=", ctx.merchantId).where("store_id", "=", store.id).executeTakeFirst();
  if (!delivery) throw new DomainError("NOT_FOUND", "delivery not found");
  const [queued] = await withTransaction((tx) => queueResend(tx, store, { kind: "delivery", delivery }, { isAsync: false }));
  if (!queued) throw new DomainError("INVALID_REQUEST", "no webhook address: set the store's webhook URL first");
  const attempt = await runDeliveryInline(queued.deliveryId, queued.jobId);
  return { deliveryId: queued.deliveryId, attempt: attempt ? toAttemptView(attempt) : null };
}

/** Queues a MANUAL resend of every delivery matching the filter (up to RESEND_MATCHING_LIMIT); the worker sends them. */
export async function resendMatching({ ctx, input }: { ctx: AuthContext; input: DeliveryFilter }) {
  const store = await resolveStore(ctx, undefined);
  const rows = await filtered(ctx, store.id, input).selectAll().orderBy("created_at", "desc").limit(RESEND_MATCHING_LIMIT).execute();
  const queued = await withTransaction(async (tx) => {
    let n = 0;
    for (const delivery of rows) n += (await queueResend(tx, store, { kind: "delivery", delivery }, { isAsync: true })).length;
    return n;
  });
  return { queued };
}
