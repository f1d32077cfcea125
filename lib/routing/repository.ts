import { sql } from "kysely";
import type { Db, Tx } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import type {
  ChannelCallOutcome,
  ChannelCallsTable,
  ChannelCircuitsTable,
  ChannelGroupsTable,
  TransactionRoutingTable,
} from "@/lib/db/tables/routing";
import { bestEffortWrite, durableWrite } from "@/lib/db/transaction";

/** The only module of lib/routing that touches the database. */
export type ChannelGroupRecord = ChannelGroupsTable;
export type { ChannelCallOutcome, CircuitState } from "@/lib/db/tables/routing";
export type CircuitRecord = ChannelCircuitsTable;

export function listStoreGroups(merchantId: string, storeId: string, db: Db | Tx = getDb()) {
  return db
    .selectFrom("channel_groups")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .orderBy("created_at")
    .execute();
}

export function findStoreGroup(merchantId: string, storeId: string, key: string, db: Db | Tx = getDb()) {
  return db
    .selectFrom("channel_groups")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .where("key", "=", key)
    .executeTakeFirst();
}

export async function insertGroup(tx: Tx, row: ChannelGroupRecord): Promise<void> {
  await tx.insertInto("channel_groups").values(row).execute();
}

/** True when the store's group was there to change. */
export async function updateGroup(
  tx: Tx,
  ref: { merchantId: string; storeId: string; key: string },
  change: { name: string; definition: string; updated_at: number },
): Promise<boolean> {
  const result = await tx
    .updateTable("channel_groups")
    .set(change)
    .where("merchant_id", "=", ref.merchantId)
    .where("store_id", "=", ref.storeId)
    .where("key", "=", ref.key)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteGroup(tx: Tx, ref: { merchantId: string; storeId: string; key: string }): Promise<boolean> {
  const result = await tx
    .deleteFrom("channel_groups")
    .where("merchant_id", "=", ref.merchantId)
    .where("store_id", "=", ref.storeId)
    .where("key", "=", ref.key)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ---- circuits ----

export async function readCircuits(channelIds: string[], db: Db | Tx = getDb()): Promise<CircuitRecord[]> {
  if (channelIds.length === 0) return [];
  return db.selectFrom("channel_circuits").selectAll().where("channel_id", "in", channelIds).execute();
}

/**
 * One more consecutive failure, in one statement so concurrent processes never lose a count: the
 * circuit opens when the count reaches `threshold`, and a failed probe (HALF_OPEN) opens it again.
 */
export async function recordCircuitFailure(channelId: string, threshold: number, now: number): Promise<void> {
  const failures = sql<number>`channel_circuits.consecutive_failures + 1`;
  const opens = sql<boolean>`(channel_circuits.state = 'HALF_OPEN' or (channel_circuits.state = 'CLOSED' and channel_circuits.consecutive_failures + 1 >= ${threshold}))`;
  await durableWrite((db) =>
    db
      .insertInto("channel_circuits")
      .values({
        channel_id: channelId,
        state: threshold <= 1 ? "OPEN" : "CLOSED",
        consecutive_failures: 1,
        opened_at: threshold <= 1 ? now : null,
        probe_started_at: null,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column("channel_id").doUpdateSet({
          consecutive_failures: failures,
          opened_at: sql`case when ${opens} then ${now} else channel_circuits.opened_at end`,
          state: sql`case when ${opens} then 'OPEN' else channel_circuits.state end`,
          probe_started_at: sql`case when ${opens} then null else channel_circuits.probe_started_at end`,
          updated_at: now,
        }),
      )
      .execute(),
  );
}

/** The PG answered: the circuit closes and the count starts over (a no-op when it already is). */
export async function recordCircuitSuccess(channelId: string, now: number): Promise<void> {
  await durableWrite((db) =>
    db
      .updateTable("channel_circuits")
      .set({ state: "CLOSED", consecutive_failures: 0, opened_at: null, probe_started_at: null, updated_at: now })
      .where("channel_id", "=", channelId)
      .where((eb) => eb.or([eb("state", "!=", "CLOSED"), eb("consecutive_failures", ">", 0)]))
      .execute(),
  );
}

/**
 * Takes the one probe of an open circuit whose pause is over (or of a probe that never reported
 * back within `staleAfterMs`). True for the one process that took it.
 */
export async function claimProbe(
  channelId: string,
  now: number,
  pauseMs: number,
  staleAfterMs: number,
): Promise<boolean> {
  const result = await durableWrite((db) =>
    db
      .updateTable("channel_circuits")
      .set({ state: "HALF_OPEN", probe_started_at: now, updated_at: now })
      .where("channel_id", "=", channelId)
      .where((eb) =>
        eb.or([
          eb.and([eb("state", "=", "OPEN"), eb("opened_at", "<=", now - pauseMs)]),
          eb.and([eb("state", "=", "HALF_OPEN"), eb("probe_started_at", "<=", now - staleAfterMs)]),
        ]),
      )
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows) === 1;
}

// ---- recent calls ----

export async function insertCalls(rows: ChannelCallsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await bestEffortWrite((db) => db.insertInto("channel_calls").values(rows).execute());
}

export async function pruneCalls(before: number): Promise<void> {
  await bestEffortWrite((db) => db.deleteFrom("channel_calls").where("at", "<", before).execute());
}

export type CallCounts = { channel_id: string; outcome: ChannelCallOutcome; calls: number };

export async function countCalls(channelIds: string[], since: number, db: Db | Tx = getDb()): Promise<CallCounts[]> {
  if (channelIds.length === 0) return [];
  const rows = await db
    .selectFrom("channel_calls")
    .select(["channel_id", "outcome", (eb) => eb.fn.countAll<number | string>().as("calls")])
    .where("channel_id", "in", channelIds)
    .where("at", ">=", since)
    .groupBy(["channel_id", "outcome"])
    .execute();
  return rows.map((r) => ({ channel_id: r.channel_id, outcome: r.outcome, calls: Number(r.calls) }));
}

/** The latency at rank `rank` (0-based, ascending) of a channel's calls since `since`. */
export async function latencyAtRank(channelId: string, since: number, rank: number, db: Db | Tx = getDb()) {
  const row = await db
    .selectFrom("channel_calls")
    .select("latency_ms")
    .where("channel_id", "=", channelId)
    .where("at", ">=", since)
    .orderBy("latency_ms")
    .limit(1)
    .offset(rank)
    .executeTakeFirst();
  return row ? Number(row.latency_ms) : null;
}

/** Channels of a store, for the groups' channel keys and the health table. */
export function listStorePaymentChannels(merchantId: string, storeId: string, db: Db | Tx = getDb()) {
  return db
    .selectFrom("channels")
    .select(["id", "key", "name", "type", "pg_provider", "is_for_payment"])
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .orderBy("created_at")
    .execute();
}

/** Every channel with a circuit row (for /metrics), with its store. */
export function listCircuitsWithChannels(db: Db | Tx = getDb()) {
  return db
    .selectFrom("channel_circuits")
    .innerJoin("channels", "channels.id", "channel_circuits.channel_id")
    .select([
      "channels.id as channel_id",
      "channels.key as channel_key",
      "channels.pg_provider",
      "channels.type",
      "channel_circuits.state",
    ])
    .execute();
}

/** Channel ids with calls since `since` (for /metrics). */
export async function channelsCalledSince(since: number, db: Db | Tx = getDb()) {
  const rows = await db
    .selectFrom("channel_calls")
    .innerJoin("channels", "channels.id", "channel_calls.channel_id")
    .select(["channels.id", "channels.key", "channels.pg_provider", "channels.type"])
    .where("channel_calls.at", ">=", since)
    .distinct()
    .execute();
  return rows;
}

// ---- routing decisions per attempt ----

export async function insertRoutingRecord(row: TransactionRoutingTable): Promise<void> {
  await durableWrite((db) => db.insertInto("transaction_routing").values(row).execute());
}

/** The routing decisions of a payment's attempts, oldest first. */
export function listPaymentRouting(merchantId: string, storeId: string, paymentId: string, db: Db | Tx = getDb()) {
  return db
    .selectFrom("transaction_routing")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .where("payment_id", "=", paymentId)
    .orderBy("created_at")
    .execute();
}
