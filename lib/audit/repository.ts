import { type QueryCreator, sql } from "kysely";
import { z } from "zod";
import { type Db, dialect, getDb, type Tx, withTransaction } from "@/lib/db/client";
import type { AuditHeadsTable, AuditLogTable } from "@/lib/db/tables/teams";
import type { DB } from "@/lib/db/schema";
import type { AuditFilters } from "./schema";
import { executeShaped, precompiled } from "@/lib/db/precompiled";

/** One stored entry, as written (summary is its JSON text, hashed as is); unsealed: seq, prev_hash and hash null. */
export type AuditRow = AuditLogTable;
/** An entry sealed into its merchant's chain. */
export type SealedAuditRow = AuditRow & { seq: number; prev_hash: string; hash: string };
export type AuditHead = AuditHeadsTable;

const storedSummary = z.object({
  before: z.record(z.string(), z.unknown()).optional(),
  after: z.record(z.string(), z.unknown()).optional(),
});
/** An entry as the log page and the export read it: its summary parsed and checked once, here. */
export type AuditRecord = Omit<AuditRow, "summary"> & { summary: z.infer<typeof storedSummary> };

const asRecord = (r: AuditRow): AuditRecord => ({ ...r, summary: storedSummary.parse(JSON.parse(r.summary)) });

/** An entry as written, before sealing gives it its chain position. */
export type UnsealedEntry = Omit<AuditRow, "seq" | "prev_hash" | "hash">;

/** Writes an entry unchained (seq, prev_hash and hash null): takes no lock shared with other writers. */
export async function insertUnsealedEntry(tx: Tx, entry: UnsealedEntry): Promise<void> {
  await executeShaped(tx, "insert audit entry", entry, (v) =>
    tx.insertInto("audit_log").values({ ...v, seq: null, prev_hash: null, hash: null }),
  );
}

/**
 * The INSERT of an entry as one part of the statement making the change it records (PostgreSQL: a
 * data-modifying CTE; SQLite has none): one row per row of `source`, the statement's CTE that made
 * the change, so the entry is written only if the change was. Every value is bound (the statement
 * is shaped once, lib/db/precompiled.ts), cast to its column's type: a parameter in a SELECT list
 * has none of its own.
 */
export function insertUnsealedEntryFrom(db: QueryCreator<DB>, source: string, entry: UnsealedEntry) {
  const columns = Object.keys(entry) as (keyof UnsealedEntry)[];
  const values = columns.map((c) => sql`cast(${entry[c]} as ${sql.raw(c === "created_at" ? "bigint" : "text")})`);
  return db
    .insertInto("audit_log")
    .columns(columns)
    .expression(sql`select ${sql.join(values)} from ${sql.table(source)}`);
}

export type ChainHead = { seq: number; hash: string };

/**
 * The merchant's chain head (`genesis` when it has none yet) and its committed entries not yet in
 * the chain, oldest id first. One statement, so head and entries come from one snapshot: an entry
 * unsealed here was unsealed when the head was where this read found it.
 */
export async function unsealedWithHead(
  merchantId: string,
  genesis: ChainHead,
  limit: number,
): Promise<{ head: ChainHead; rows: AuditRow[] }> {
  const found = await unsealedWithHeadRows.all([merchantId, limit]);
  const first = found[0];
  return {
    head:
      first?.head_seq == null || first.head_hash == null
        ? genesis
        : { seq: Number(first.head_seq), hash: first.head_hash },
    rows: found.map(({ head_seq: _seq, head_hash: _hash, ...row }) => row),
  };
}

/** unsealedWithHead's read, compiled once (a sealing run builds no query). */
const unsealedWithHeadRows = precompiled((db: Db, merchantId: string, limit: number) => {
  const head = db.selectFrom("audit_heads").where("audit_heads.merchant_id", "=", merchantId);
  return db
    .selectFrom("audit_log")
    .selectAll("audit_log")
    .select([head.select("audit_heads.seq").as("head_seq"), head.select("audit_heads.hash").as("head_hash")])
    .where("audit_log.merchant_id", "=", merchantId)
    .where("audit_log.seq", "is", null)
    .orderBy("audit_log.id")
    .limit(limit);
});

type ChainPosition = { id: string; seq: number; prev_hash: string; hash: string };

/**
 * Seals a batch chained from `from` in one atomic write: the entries get their positions and the
 * head moves to the last, only if the head is still at `from` (no sealer moved it since the batch
 * was read); answers false, writing nothing, when another sealer got there first. On PostgreSQL one
 * statement (no BEGIN/COMMIT round trips: a sealing run is a read and this write); on SQLite one
 * short transaction. The batch travels as one JSON parameter, so the text is the same for any size.
 * The entries are found through the merchant's unsealed range of (merchant_id, seq): matched by id
 * alone, the cached plan of a small table scanned the whole index for seq null on every run.
 */
export async function sealBatch(merchantId: string, from: ChainHead, positions: ChainPosition[]): Promise<boolean> {
  const last = positions[positions.length - 1];
  if (!last) return true;
  const batch = JSON.stringify(positions);
  if (dialect() === "postgres") {
    // Entries the snapshot showed unsealed stay so while the head is unmoved (only sealing moves
    // it); a mismatch would mean a hand edit, and the error undoes the whole statement.
    const to = { seq: last.seq, hash: last.hash };
    const result = await postgresSealing.execute([
      merchantId,
      from.seq,
      from.hash,
      to.seq,
      to.hash,
      batch,
      positions.length,
    ]);
    return Number(result.rows[0]?.moved) === 1;
  }
  return withTransaction(async (tx) => {
    const head = { merchant_id: merchantId, seq: last.seq, hash: last.hash, from_seq: from.seq, from_hash: from.hash };
    const moved = await executeShaped(tx, "move audit head", head, (v) =>
      tx
        .insertInto("audit_heads")
        .values({ merchant_id: v.merchant_id, seq: v.seq, hash: v.hash })
        .onConflict((oc) =>
          oc
            .column("merchant_id")
            .doUpdateSet({ seq: v.seq, hash: v.hash })
            .where("audit_heads.seq", "=", v.from_seq)
            .where("audit_heads.hash", "=", v.from_hash),
        )
        .returning("seq"),
    );
    if (moved.rows.length === 0) return false;
    const result = await sqliteSealing.execute([merchantId, batch], tx);
    const sealed = Number(result.numAffectedRows ?? 0);
    // Rolls the head back with it: one writer at a time on SQLite, so only a hand edit gets here.
    if (sealed !== positions.length)
      throw new Error(`audit entries of ${merchantId} were sealed concurrently (${sealed} of ${positions.length})`);
    return true;
  });
}

/**
 * PostgreSQL's sealing statement: the head moves from `from` to `to` and the batch's positions
 * (a JSON array of `count`) are written to their entries, all or nothing; answers moved = 1 when it
 * landed, 0 when another sealer had moved the head.
 */
export function postgresSealingStatement(
  merchantId: string,
  from: ChainHead,
  to: ChainHead,
  batch: string,
  count: number,
) {
  return sql<{ moved: number }>`with head as (
  insert into audit_heads as h (merchant_id, seq, hash) values (${merchantId}, ${to.seq}, ${to.hash})
  on conflict (merchant_id) do update set seq = excluded.seq, hash = excluded.hash
  where h.seq = ${from.seq} and h.hash = ${from.hash}
  returning 1
), sealed as (
  update audit_log set seq = v.seq, prev_hash = v.prev_hash, hash = v.hash
  from jsonb_to_recordset(${batch}::jsonb) as v(id text, seq bigint, prev_hash text, hash text)
  where audit_log.merchant_id = ${merchantId} and audit_log.seq is null and audit_log.id = v.id
    and exists (select from head)
  returning 1
)
select case
  when not exists (select from head) then 0
  when (select count(*) from sealed) = ${count} then 1
  else cast('audit entries sealed concurrently: ' || (select count(*) from sealed) as integer)
end as moved`;
}

/**
 * SQLite's sealing UPDATE: the batch's positions (a JSON array) written to their entries, each found
 * by its primary key. The unary `+` keeps the merchant's (merchant_id, seq) range from being the
 * outer loop: SQLite chose it, and then read the whole JSON batch again for every entry (quadratic
 * in the batch). The merchant and unsealed conditions still hold on every row.
 */
export function sqliteSealingUpdate(merchantId: string, batch: string) {
  const source = sql`(select json_extract(value, '$.id') as id, json_extract(value, '$.seq') as seq, json_extract(value, '$.prev_hash') as prev_hash, json_extract(value, '$.hash') as hash from json_each(${batch})) as v`;
  return sql`update audit_log set seq = v.seq, prev_hash = v.prev_hash, hash = v.hash from ${source} where audit_log.id = v.id and +audit_log.merchant_id = ${merchantId} and +audit_log.seq is null`;
}

/** The sealing statements, compiled once (a sealing run builds no query). */
const postgresSealing = precompiled(
  (
    _db: Db,
    merchantId: string,
    fromSeq: number,
    fromHash: string,
    toSeq: number,
    toHash: string,
    batch: string,
    count: number,
  ) =>
    postgresSealingStatement(merchantId, { seq: fromSeq, hash: fromHash }, { seq: toSeq, hash: toHash }, batch, count),
);
const sqliteSealing = precompiled((_db: Db, merchantId: string, batch: string) =>
  sqliteSealingUpdate(merchantId, batch),
);

/**
 * Merchants with entries waiting to be sealed, written before `createdBefore` (epoch ms). One probe
 * per merchant on (merchant_id, seq), where unsealed entries (seq null) sit together: no index of
 * their own to keep up on every entry (docs/benchmarks.md "Audit cost").
 */
export async function merchantsWithUnsealed(createdBefore: number, limit: number): Promise<string[]> {
  const rows = await getDb()
    .selectFrom("merchants")
    .select("merchants.id")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("audit_log")
          .select("audit_log.id")
          .whereRef("audit_log.merchant_id", "=", "merchants.id")
          .where("audit_log.seq", "is", null)
          .where("audit_log.created_at", "<", createdBefore),
      ),
    )
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Every unsealed entry (id, merchant, time), every merchant's or one's, oldest first (probed per merchant). */
export async function unsealedSummary(
  merchantId: string | undefined,
  limit: number,
): Promise<{ id: string; merchant_id: string; created_at: number }[]> {
  let q = getDb()
    .selectFrom("merchants")
    .innerJoin("audit_log", "audit_log.merchant_id", "merchants.id")
    .select(["audit_log.id", "audit_log.merchant_id", "audit_log.created_at"])
    .where("audit_log.seq", "is", null)
    .orderBy("audit_log.id")
    .limit(limit);
  if (merchantId) q = q.where("merchants.id", "=", merchantId);
  return q.execute();
}

/**
 * The entry nearly every payment writes. audit_log_action_idx leaves it out (payments do not pay for
 * it); a filter on any other action repeats the index's predicate word for word, as a literal, so
 * that both planners may use the partial index (neither proves it from a bound parameter).
 */
const PAYMENT_PATH_ACTION = "payment.status_change";
const notPaymentPath = sql<boolean>`action <> 'payment.status_change'`;

/**
 * The filters as conditions. `walk`: the page walks the chain newest first (seq_uq, or the actor's,
 * target's or action's index), so the date terms are kept off the time index (unary plus) that
 * the planners would otherwise prefer for the range, sorting all of it; see walksChain.
 */
function filtered(merchantId: string, f: AuditFilters, walk = false) {
  let q = getDb().selectFrom("audit_log").selectAll().where("merchant_id", "=", merchantId);
  if (f.actor) q = q.where("actor_id", "=", f.actor);
  if (f.action) {
    q = f.action.includes(".")
      ? q.where("action", "=", f.action)
      : q.where("action", ">=", `${f.action}.`).where("action", "<", `${f.action}/`);
    if (!PAYMENT_PATH_ACTION.startsWith(f.action.includes(".") ? f.action : `${f.action}.`))
      q = q.where(notPaymentPath);
  }
  if (f.target) q = q.where("target_id", "=", f.target);
  const createdAt = walk ? sql<number>`+created_at` : sql.ref<number>("created_at");
  if (f.from) q = q.where(createdAt, ">=", f.from);
  if (f.until) q = q.where(createdAt, "<", f.until);
  return q;
}

/** A date range holding at most this many entries is read from the time index, whatever comes after it. */
const SMALL_RANGE = 1000;

/**
 * The chain position (seq) where the merchant's history reaches `time`: of the newest sealed entry
 * created before it (`below`), or of the oldest created at or after it. One probe of the time
 * index (merchant_id, created_at, seq), index-only. Positions follow creation times but for the
 * moments between an entry's commit and its sealing, so this places a time in the chain closely
 * enough to choose a plan (never to filter: that stays on created_at).
 */
async function seqAt(merchantId: string, time: number, below: boolean): Promise<number | null> {
  const row = await getDb()
    .selectFrom("audit_log")
    .select("seq")
    .where("merchant_id", "=", merchantId)
    .where("created_at", below ? "<" : ">=", time)
    .where("seq", "is not", null)
    .orderBy("created_at", below ? "desc" : "asc")
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.seq) : null;
}

/**
 * Whether a page is read by walking the chain newest first. Without a date filter, always. With one,
 * the walk reads every entry between its start (the newest, or `before`) and the range's end before
 * it finds the range's first; reading the range from the time index (index-only) reads all of the
 * range instead. Three probes of O(log n) place the range in the chain and pick the smaller: a page
 * costs what its range or what follows it holds, whichever is less, never the whole history.
 */
async function walksChain(merchantId: string, f: AuditFilters): Promise<boolean> {
  if (!f.from && !f.until) return true;
  const head = f.before
    ? f.before - 1
    : Number(
        (
          await getDb()
            .selectFrom("audit_log")
            .select((eb) => eb.fn.max("seq").as("top"))
            .where("merchant_id", "=", merchantId)
            .executeTakeFirst()
        )?.top ?? 0,
      );
  const end = f.until ? ((await seqAt(merchantId, f.until, true)) ?? 0) : head;
  const start = f.from ? ((await seqAt(merchantId, f.from, false)) ?? head + 1) : 1;
  const inRange = Math.min(head, end) - start + 1;
  const after = Math.max(0, head - end);
  return inRange > SMALL_RANGE && after <= inRange;
}

/** Sealed entries, newest first, strictly the merchant's own; `before` in the filters is the keyset. */
export async function pageEntries(merchantId: string, f: AuditFilters, limit: number): Promise<AuditRecord[]> {
  const walk = await walksChain(merchantId, f);
  return (await pageEntriesQuery(merchantId, f, limit, walk).execute()).map(asRecord);
}

/** The statement behind pageEntries (its plans are tested: lib/audit/page-plans.test.ts). */
export function pageEntriesQuery(merchantId: string, f: AuditFilters, limit: number, walk = true) {
  let q = filtered(merchantId, f, walk).where("seq", "is not", null);
  if (f.before) q = q.where("seq", "<", f.before);
  if (walk) return q.orderBy("seq", "desc").limit(limit);
  // `seq + 0`: no index gives this order, so the planners read the range from the time index
  // rather than walk seq_uq through everything newer; the page's rows are then read by position.
  const positions = q.clearSelect().select("seq").orderBy(sql`seq + 0`, "desc").limit(limit);
  return getDb()
    .selectFrom("audit_log")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("seq", "in", positions)
    .orderBy("seq", "desc");
}

/** Committed entries not yet sealed (normally a few, for a moment), newest first. */
export async function pendingEntries(merchantId: string, f: AuditFilters, limit: number): Promise<AuditRecord[]> {
  return (await filtered(merchantId, f).where("seq", "is", null).orderBy("id", "desc").limit(limit).execute()).map(
    asRecord,
  );
}

/**
 * The people and keys that appear in the merchant's log, each once with the name of its newest entry
 * (a renamed user is one choice), by name. Skips from one actor id to the next through
 * audit_log_actor_idx (one probe per actor), so the cost follows the number of actors, not of
 * entries (it read every entry of the merchant).
 */
export async function distinctActors(merchantId: string, limit: number): Promise<{ id: string; name: string }[]> {
  return (await distinctActorsQuery(merchantId, limit).execute(getDb())).rows;
}

/** The statement behind distinctActors (its plan is tested: lib/audit/page-plans.test.ts). */
export function distinctActorsQuery(merchantId: string, limit: number) {
  return sql<{ id: string; name: string }>`with recursive actors(id) as (
  select min(actor_id) from audit_log where merchant_id = ${merchantId}
  union all
  select (select min(l.actor_id) from audit_log l where l.merchant_id = ${merchantId} and l.actor_id > actors.id)
  from actors where actors.id is not null
)
select actors.id, (select n.actor_name from audit_log n where n.merchant_id = ${merchantId} and n.actor_id = actors.id order by n.seq desc limit 1) as name
from actors where actors.id is not null
order by name, actors.id
limit ${limit}`;
}

/** Chain heads, every merchant's or one's. */
export async function chainHeads(merchantId?: string): Promise<AuditHead[]> {
  let q = getDb().selectFrom("audit_heads").selectAll().orderBy("merchant_id");
  if (merchantId) q = q.where("merchant_id", "=", merchantId);
  return q.execute();
}

/** A merchant's sealed entries with fromSeq ≤ seq ≤ toSeq, in order. */
export async function sealedEntries(
  merchantId: string,
  fromSeq: number,
  toSeq: number,
  limit: number,
): Promise<SealedAuditRow[]> {
  return (await getDb()
    .selectFrom("audit_log")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("seq", ">=", fromSeq)
    .where("seq", "<=", toSeq)
    .orderBy("seq")
    .limit(limit)
    .execute()) as SealedAuditRow[];
}

/** The merchant's highest sealed position (0 when none). */
export async function lastSealedSeq(merchantId: string): Promise<number> {
  const row = await getDb()
    .selectFrom("audit_log")
    .select((eb) => eb.fn.max("seq").as("top"))
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}
