import { type ExpressionBuilder, sql } from "kysely";
import { z } from "zod";
import { dialect, getDb, type Db, type Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import type { Job } from "@/lib/jobs/queue";
import {
  completeJob,
  failJob,
  insertLeasedJob,
  JOB_COLUMNS,
  jobEndParts,
  type Retry,
} from "@/lib/jobs/repository/queue";
import { type ColumnTypes, columnList, typedRows } from "@/lib/db/typed-rows";
import { jsonRows, parseJsonRows } from "@/lib/db/json-rows";
import type { DB } from "@/lib/db/schema";
import type {
  DeliveryState,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookTrigger,
} from "@/lib/db/tables/webhooks";
import { DAY } from "@/lib/time";
import type { DeliveryFilter } from "./schema";
import { executeNamed, executeShaped } from "@/lib/db/precompiled";
import { enabledEndpointsJson, type FanOutEndpoint, parseFanOutEndpoints } from "./endpoints/repository";

/** A delivery: one event to one address. Its body stays the exact text that is signed and sent. */
export type DeliveryRecord = WebhookDeliveriesTable;
/** One attempt of a delivery, its headers parsed once, here. */
export type AttemptRecord = Omit<WebhookAttemptsTable, "request_header" | "response_header"> & {
  request_header: Record<string, string>;
  response_header: Record<string, string> | null;
};

const headers = z.record(z.string(), z.string());

/** An attempt's stored header columns, parsed and checked. */
function parsedHeaders(row: Pick<WebhookAttemptsTable, "request_header" | "response_header">) {
  return {
    request_header: headers.parse(JSON.parse(row.request_header)),
    response_header: row.response_header === null ? null : headers.parse(JSON.parse(row.response_header)),
  };
}

function toAttempt(row: WebhookAttemptsTable): AttemptRecord {
  return { ...row, ...parsedHeaders(row) };
}

// Deliveries -------------------------------------------------------------------------------------

export async function insertDelivery(tx: Db | Tx, delivery: DeliveryRecord): Promise<void> {
  // Every payment's webhook inserts one: built once, a named statement on PostgreSQL.
  await executeShaped(tx, "insert webhook delivery", delivery, (v) => tx.insertInto("webhook_deliveries").values(v));
}

/** A delivery by id, whatever its store (the job that drives it holds only the id). */
export function findDelivery(id: string, db: Db | Tx = getDb()): Promise<DeliveryRecord | undefined> {
  return db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A delivery of this store; another store's answers undefined. */
export function findStoreDelivery(
  merchantId: string,
  storeId: string,
  id: string,
): Promise<DeliveryRecord | undefined> {
  return getDb()
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .executeTakeFirst();
}

/** The newest delivery made for a transaction. */
export function latestDeliveryOfTransaction(merchantId: string, txId: string): Promise<DeliveryRecord | undefined> {
  return getDb()
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("tx_id", "=", txId)
    .where("merchant_id", "=", merchantId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/**
 * Records an attempt's outcome on its delivery, only if no other attempt was recorded since
 * `delivery` was read (conditional on its attempt count); then the attempt row. False: lost.
 */
export async function recordAttempt(
  tx: Tx,
  delivery: DeliveryRecord,
  attempt: AttemptRecord,
  next: { state: DeliveryState; nextAttemptAt: number | null; now: number },
): Promise<boolean> {
  // Every attempt runs both: named statements on PostgreSQL (planned afresh they were most of the
  // attempt's database CPU), the insert built once.
  const updated = await executeNamed(
    tx,
    tx
      .updateTable("webhook_deliveries")
      .set({
        attempts: attempt.execution,
        state: next.state,
        next_attempt_at: next.nextAttemptAt,
        updated_at: next.now,
      })
      .where("id", "=", delivery.id)
      .where("attempts", "=", delivery.attempts),
  );
  if (Number(updated.numAffectedRows ?? 0n) === 0) return false;
  const row = {
    ...attempt,
    request_header: JSON.stringify(attempt.request_header),
    response_header: attempt.response_header && JSON.stringify(attempt.response_header),
  };
  await executeShaped(tx, "insert webhook attempt", row, (v) => tx.insertInto("webhook_attempts").values(v));
  return true;
}

/** webhook_attempts' columns and PostgreSQL types (typedRows). */
const ATTEMPT_COLUMNS: ColumnTypes<WebhookAttemptsTable> = {
  id: "text",
  delivery_id: "text",
  merchant_id: "text",
  store_id: "text",
  payment_id: "text",
  tx_id: "text",
  status: "text",
  execution: "integer",
  request_header: "text",
  request_body: "text",
  requested_at: "bigint",
  response_code: "integer",
  response_header: "text",
  response_body: "text",
  responded_at: "bigint",
  error: "text",
};

/** webhook_deliveries' columns and PostgreSQL types (typedRows). */
const DELIVERY_COLUMNS: ColumnTypes<WebhookDeliveriesTable> = {
  id: "text",
  merchant_id: "text",
  store_id: "text",
  payment_id: "text",
  tx_id: "text",
  source_job_id: "text",
  endpoint_id: "text",
  event_type: "text",
  url: "text",
  url_source: "text",
  trigger: "text",
  is_async: "integer",
  body: "text",
  state: "text",
  attempts: "integer",
  max_attempts: "integer",
  next_attempt_at: "bigint",
  created_at: "bigint",
  updated_at: "bigint",
};

/** Another run recorded this attempt, or took the attempt's job over: nothing of this run is recorded. */
class LeaseLost extends Error {}

/**
 * recordAttempt and the end of the attempt's job leased to this run (`retry` null: deleted, like
 * completeJob; else failJob's row), all or nothing, only while this run holds the lease. False:
 * nothing written (the lease is lost, or another run recorded this attempt). PostgreSQL: ONE
 * statement, so one round trip and no BEGIN/COMMIT (each round trip is a syscall of the
 * app's one event loop): the job row is locked first, and only if the lease is still this run's;
 * the delivery moves only from the attempts it had and only then are the attempt and the job's end
 * written. SQLite: a transaction (no round trips to save).
 */
export async function recordLeasedAttempt(
  delivery: DeliveryRecord,
  attempt: AttemptRecord,
  next: { state: DeliveryState; nextAttemptAt: number | null; now: number },
  leased: { job: Job; retry: Retry | null },
): Promise<boolean> {
  if (dialect() !== "postgres")
    return transaction(async (tx) => {
      if (!(await recordAttempt(tx, delivery, attempt, next))) throw new LeaseLost();
      const held =
        leased.retry === null
          ? await completeJob(leased.job, tx)
          : (await failJob(leased.job, leased.retry, tx)) !== null;
      if (!held) throw new LeaseLost();
      return true;
    }).catch((error: unknown) => {
      if (error instanceof LeaseLost) return false;
      throw error;
    });
  const job = jobEndParts(leased.job, leased.retry, "recorded");
  const row: WebhookAttemptsTable = {
    ...attempt,
    request_header: JSON.stringify(attempt.request_header),
    response_header: attempt.response_header && JSON.stringify(attempt.response_header),
  };
  const result = await executeNamed(
    getDb(),
    sql<{ recorded: number }>`with held as (${job.held}),
    recorded as (update webhook_deliveries set attempts = ${attempt.execution}, state = ${next.state},
        next_attempt_at = ${next.nextAttemptAt}, updated_at = ${next.now}
      where id = ${delivery.id} and attempts = ${delivery.attempts} and exists (select from held) returning id),
    attempt as (insert into webhook_attempts (${columnList(ATTEMPT_COLUMNS)})
      select * from (${typedRows(ATTEMPT_COLUMNS, [row])}) as row where exists (select from recorded)),
    ended as (${job.end})
    select count(*)::int as recorded from recorded`,
  );
  return result.rows[0]?.recorded === 1;
}

/**
 * A fan-out's writes: the event's job ended (only by the run holding its lease) with the
 * deliveries and their attempt jobs (leased to this run) created, all or nothing. False: nothing
 * written (the job is no longer this run's: another run fans out). PostgreSQL: ONE statement, no
 * transaction; SQLite: a transaction.
 */
export async function writeFanOut(eventJob: Job, leased: { delivery: DeliveryRecord; job: Job }[]): Promise<boolean> {
  if (dialect() !== "postgres")
    return transaction(async (tx) => {
      if (!(await completeJob(eventJob, tx))) throw new LeaseLost();
      for (const { delivery, job } of leased) {
        await insertDelivery(tx, delivery);
        await insertLeasedJob(tx, job);
      }
      return true;
    }).catch((error: unknown) => {
      if (error instanceof LeaseLost) return false;
      throw error;
    });
  const ended = sql`delete from jobs where id = ${eventJob.id} and locked_by = ${eventJob.locked_by} returning id`;
  if (leased.length === 0) return (await executeNamed(getDb(), ended)).rows.length === 1;
  const result = await executeNamed(
    getDb(),
    sql<{ ended: number }>`with ended as (${ended}),
    deliveries as (insert into webhook_deliveries (${columnList(DELIVERY_COLUMNS)})
      select * from (${typedRows(
        DELIVERY_COLUMNS,
        leased.map((l) => l.delivery),
      )}) as row where exists (select from ended)),
    attempt_jobs as (insert into jobs (${columnList(JOB_COLUMNS)})
      select * from (${typedRows(
        JOB_COLUMNS,
        leased.map((l) => l.job),
      )}) as row where exists (select from ended))
    select count(*)::int as ended from ended`,
  );
  return result.rows[0]?.ended === 1;
}

function filtered(merchantId: string, storeId: string, filter: DeliveryFilter) {
  let q = getDb()
    .selectFrom("webhook_deliveries")
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId);
  if (filter.state) q = q.where("state", "=", filter.state);
  if (filter.endpoint) q = q.where("endpoint_id", "=", filter.endpoint);
  if (filter.event) q = q.where("event_type", "=", filter.event);
  if (filter.url) {
    const pattern = `%${filter.url.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`;
    q = q.where(sql<boolean>`lower(url) like ${pattern} escape '\\'`);
  }
  if (filter.from) q = q.where("created_at", ">=", Date.parse(`${filter.from}T00:00:00Z`));
  if (filter.to) q = q.where("created_at", "<", Date.parse(`${filter.to}T00:00:00Z`) + DAY);
  return q;
}

/** One page of a store's deliveries matching the filter (dates are UTC days), newest first, with the total. */
export async function pageDeliveries(
  merchantId: string,
  storeId: string,
  filter: DeliveryFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: DeliveryRecord[]; total: number }> {
  const base = filtered(merchantId, storeId, filter);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The newest `limit` deliveries of a store matching the filter. */
export function matchingDeliveries(
  merchantId: string,
  storeId: string,
  filter: DeliveryFilter,
  limit: number,
): Promise<DeliveryRecord[]> {
  return filtered(merchantId, storeId, filter).selectAll().orderBy("created_at", "desc").limit(limit).execute();
}

// Attempts ---------------------------------------------------------------------------------------

/** Each delivery's latest attempt. */
export async function latestAttempts(deliveryIds: string[]): Promise<Map<string, AttemptRecord>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await getDb()
    .selectFrom("webhook_attempts")
    .selectAll()
    .where("delivery_id", "in", deliveryIds)
    .orderBy("execution")
    .execute();
  return new Map(rows.map((a) => [a.delivery_id, toAttempt(a)]));
}

/** Every attempt of one delivery of this store, in order. */
export async function attemptsOfDelivery(
  merchantId: string,
  storeId: string,
  deliveryId: string,
): Promise<AttemptRecord[]> {
  const rows = await getDb()
    .selectFrom("webhook_attempts")
    .selectAll()
    .where("delivery_id", "=", deliveryId)
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .orderBy("execution")
    .execute();
  return rows.map(toAttempt);
}

export async function firstAttempt(deliveryId: string): Promise<AttemptRecord | undefined> {
  const row = await getDb()
    .selectFrom("webhook_attempts")
    .selectAll()
    .where("delivery_id", "=", deliveryId)
    .orderBy("execution")
    .executeTakeFirst();
  return row && toAttempt(row);
}

/** The delivery a transaction's webhook (attempt) id belongs to. */
export async function deliveryIdOfAttempt(
  merchantId: string,
  txId: string,
  attemptId: string,
): Promise<string | undefined> {
  const row = await getDb()
    .selectFrom("webhook_attempts")
    .select("delivery_id")
    .where("id", "=", attemptId)
    .where("tx_id", "=", txId)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
  return row?.delivery_id;
}

// The store's webhook setting --------------------------------------------------------------------

/** The store's sealed signing secret, and the previous one while a rotation's overlap lasts (undefined: no store). */
export async function sealedSigningSecrets(
  storeId: string,
  now: number,
  db: Db | Tx = getDb(),
): Promise<{ current: string; previous: string | null } | undefined> {
  const store = await db.selectFrom("stores").select("webhook_secret").where("id", "=", storeId).executeTakeFirst();
  if (!store) return undefined;
  const rotation = await activeRotation(storeId, now, db);
  return { current: store.webhook_secret, previous: rotation?.previous_secret ?? null };
}

export function activeRotation(storeId: string, now: number, db: Db | Tx = getDb()) {
  return db
    .selectFrom("webhook_secret_rotations")
    .selectAll()
    .where("store_id", "=", storeId)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/**
 * Replaces the store's signing secret; with `keepPreviousUntil` the old one is remembered (and
 * keeps signing) until then, replacing any earlier remembered secret.
 */
export async function replaceSigningSecret(
  tx: Tx,
  store: { id: string; merchantId: string },
  sealedSecret: string,
  now: number,
  keepPreviousUntil: number | null,
): Promise<void> {
  const current = await tx
    .selectFrom("stores")
    .select("webhook_secret")
    .where("id", "=", store.id)
    .executeTakeFirstOrThrow();
  await tx.deleteFrom("webhook_secret_rotations").where("store_id", "=", store.id).execute();
  if (keepPreviousUntil !== null) {
    await tx
      .insertInto("webhook_secret_rotations")
      .values({
        store_id: store.id,
        merchant_id: store.merchantId,
        previous_secret: current.webhook_secret,
        rotated_at: now,
        expires_at: keepPreviousUntil,
      })
      .execute();
  }
  await tx
    .updateTable("stores")
    .set({ webhook_secret: sealedSecret, updated_at: now })
    .where("id", "=", store.id)
    .execute();
}

// What an event is about -------------------------------------------------------------------------

/** The payment method of a transaction (the event's trigger depends on it). Moves to payments' repository with it. */
/** What an event's fan-out reads before it writes (lib/webhooks/fan-out.ts). */
export type FanOutContext = {
  /** The event's job already made its deliveries (a re-run after its worker died). */
  fannedOut: boolean;
  /** The store's enabled endpoints (where an event without notice_urls goes), secrets sealed. */
  endpoints: FanOutEndpoint[];
  /** The store's signing secrets (they sign notice_urls deliveries), sealed: current, and the previous one while a rotation lasts. */
  sealedSecrets: { current: string; previous: string | null } | undefined;
  /** The method of the event's transaction (a Paid virtual account is a deposit). */
  method: string | null;
};

/**
 * Everything a fan-out reads, in one round trip (it was four reads, plus two more for
 * the secrets before the first attempt): each part an indexed look-up by key.
 */
export async function fanOutContext(
  key: { jobId: string; merchantId: string; storeId: string; txId: string; now: number },
  db: Db | Tx = getDb(),
): Promise<FanOutContext> {
  const row = (
    await executeNamed(
      db,
      sql<{
        fanned_out: number | boolean;
        endpoints: unknown;
        secret: string | null;
        previous_secret: string | null;
        method: string | null;
      }>`select
        exists (select 1 from webhook_deliveries where source_job_id = ${key.jobId}) as fanned_out,
        ${enabledEndpointsJson(key.storeId, key.merchantId)} as endpoints, s.webhook_secret as secret,
        (select previous_secret from webhook_secret_rotations
          where store_id = ${key.storeId} and expires_at > ${key.now} limit 1) as previous_secret,
        (select method from transactions where id = ${key.txId}) as method
      from (select 1 as one) as here
      left join stores as s on s.id = ${key.storeId} and s.merchant_id = ${key.merchantId}`,
    )
  ).rows[0]!;
  return {
    fannedOut: Boolean(row.fanned_out),
    endpoints: parseFanOutEndpoints(row.endpoints),
    sealedSecrets: row.secret === null ? undefined : { current: row.secret, previous: row.previous_secret },
    method: row.method,
  };
}

/** The delivery of each of these attempts in a store (attempt id → delivery id); others are left out. */
export async function deliveryIdsOfAttempts(
  merchantId: string,
  storeId: string,
  attemptIds: string[],
): Promise<Map<string, string>> {
  if (attemptIds.length === 0) return new Map();
  const rows = await getDb()
    .selectFrom("webhook_attempts")
    .select(["id", "delivery_id"])
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .where("id", "in", attemptIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.delivery_id]));
}

export type { WebhookTrigger };

/** The attempt and delivery columns a Transaction's notification shows (headers parsed). */
type StoredNotificationAttempt = Pick<
  WebhookAttemptsTable,
  | "id"
  | "status"
  | "execution"
  | "request_header"
  | "request_body"
  | "requested_at"
  | "response_code"
  | "response_header"
  | "response_body"
  | "responded_at"
>;
export type NotificationDelivery = Pick<
  WebhookDeliveriesTable,
  "event_type" | "url" | "is_async" | "max_attempts" | "trigger" | "created_at"
>;
export type NotificationAttempt = Omit<StoredNotificationAttempt, "request_header" | "response_header"> &
  Pick<AttemptRecord, "request_header" | "response_header">;
type DeliveryColumns = { [K in keyof NotificationDelivery as `delivery_${K}`]: NotificationDelivery[K] };
/** One attempt with its delivery's columns prefixed `delivery_`. */
export type NotificationRow = NotificationAttempt & DeliveryColumns;

/** A transaction's webhook attempts (with their deliveries) as one JSON-array column of its row. */
export function attemptsOfTransaction(eb: ExpressionBuilder<DB, "transactions">) {
  return jsonRows(
    eb
      .selectFrom("webhook_attempts as a")
      .innerJoin("webhook_deliveries as d", "d.id", "a.delivery_id")
      .select([
        "a.id",
        "a.status",
        "a.execution",
        "a.request_header",
        "a.request_body",
        "a.requested_at",
        "a.response_code",
        "a.response_header",
        "a.response_body",
        "a.responded_at",
        "d.event_type as delivery_event_type",
        "d.url as delivery_url",
        "d.is_async as delivery_is_async",
        "d.max_attempts as delivery_max_attempts",
        "d.trigger as delivery_trigger",
        "d.created_at as delivery_created_at",
      ])
      .whereRef("a.tx_id", "=", "transactions.id"),
  );
}

/** The rows `attemptsOfTransaction` selected. */
export function parseTransactionAttempts(value: unknown): NotificationRow[] {
  return parseJsonRows<StoredNotificationAttempt & DeliveryColumns>(value).map((row) => ({
    ...row,
    ...parsedHeaders(row),
  }));
}
