import { NoResultError, sql } from "kysely";
import { z } from "zod";
import { dialect, getDb, type Tx } from "@/lib/db/client";
import type { AuditHeadsTable, AuditLogTable } from "@/lib/db/tables/teams";
import type { AuditFilters } from "./schema";
import { executeNamed, executeShaped } from "@/lib/db/precompiled";

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

/** Writes an entry unchained (seq, prev_hash and hash null): takes no lock shared with other writers. */
export async function insertUnsealedEntry(tx: Tx, entry: Omit<AuditRow, "seq" | "prev_hash" | "hash">): Promise<void> {
  await executeShaped(tx, "insert audit entry", entry, (v) =>
    tx.insertInto("audit_log").values({ ...v, seq: null, prev_hash: null, hash: null }),
  );
}

/**
 * Locks the merchant's chain head (created at the genesis hash on first use) until the sealing
 * transaction ends, and answers the last sealed position and hash. One statement: the upsert's
 * no-op update takes the row lock like an UPDATE would.
 */
export async function lockChainHead(
  tx: Tx,
  merchantId: string,
  genesisHash: string,
): Promise<{ seq: number; hash: string }> {
  const lock = tx
    .insertInto("audit_heads")
    .values({ merchant_id: merchantId, seq: 0, hash: genesisHash })
    .onConflict((oc) => oc.column("merchant_id").doUpdateSet({ seq: sql<number>`audit_heads.seq` }))
    .returning(["seq", "hash"]);
  const [head] = (await executeNamed(tx, lock)).rows;
  if (!head) throw new NoResultError(lock.toOperationNode());
  return { seq: Number(head.seq), hash: head.hash };
}

/** The merchant's committed entries not yet in its chain, oldest id first. */
export async function unsealedEntries(tx: Tx, merchantId: string, limit: number): Promise<AuditRow[]> {
  const query = tx
    .selectFrom("audit_log")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("seq", "is", null)
    .orderBy("id")
    .limit(limit);
  return (await executeNamed(tx, query)).rows;
}

type ChainPosition = { id: string; seq: number; prev_hash: string; hash: string };

/**
 * Gives unsealed entries their chain positions in one statement (the batch travels as one JSON
 * parameter, so the text is the same for any batch size); answers how many were still unsealed.
 */
export async function sealEntries(tx: Tx, positions: ChainPosition[]): Promise<number> {
  const batch = JSON.stringify(positions);
  const source =
    dialect() === "postgres"
      ? sql`jsonb_to_recordset(${batch}::jsonb) as v(id text, seq bigint, prev_hash text, hash text)`
      : sql`(select json_extract(value, '$.id') as id, json_extract(value, '$.seq') as seq, json_extract(value, '$.prev_hash') as prev_hash, json_extract(value, '$.hash') as hash from json_each(${batch})) as v`;
  const result = await executeNamed(
    tx,
    sql`update audit_log set seq = v.seq, prev_hash = v.prev_hash, hash = v.hash from ${source} where audit_log.id = v.id and audit_log.seq is null`,
  );
  return Number(result.numAffectedRows ?? 0);
}

export async function setChainHead(tx: Tx, merchantId: string, head: { seq: number; hash: string }): Promise<void> {
  await executeNamed(tx, tx.updateTable("audit_heads").set(head).where("merchant_id", "=", merchantId));
}

/** Merchants with entries waiting to be sealed, written before `createdBefore` (epoch ms). */
export async function merchantsWithUnsealed(createdBefore: number, limit: number): Promise<string[]> {
  const rows = await getDb()
    .selectFrom("audit_log")
    .select("merchant_id")
    .distinct()
    .where("seq", "is", null)
    .where("created_at", "<", createdBefore)
    .limit(limit)
    .execute();
  return rows.map((r) => r.merchant_id);
}

/** Every unsealed entry (id, merchant, time), every merchant's or one's, oldest first. */
export async function unsealedSummary(
  merchantId: string | undefined,
  limit: number,
): Promise<{ id: string; merchant_id: string; created_at: number }[]> {
  let q = getDb()
    .selectFrom("audit_log")
    .select(["id", "merchant_id", "created_at"])
    .where("seq", "is", null)
    .orderBy("id")
    .limit(limit);
  if (merchantId) q = q.where("merchant_id", "=", merchantId);
  return q.execute();
}

function filtered(merchantId: string, f: AuditFilters) {
  let q = getDb().selectFrom("audit_log").selectAll().where("merchant_id", "=", merchantId);
  if (f.actor) q = q.where("actor_id", "=", f.actor);
  if (f.action)
    q = f.action.includes(".")
      ? q.where("action", "=", f.action)
      : q.where("action", ">=", `${f.action}.`).where("action", "<", `${f.action}/`);
  if (f.target) q = q.where("target_id", "=", f.target);
  if (f.from) q = q.where("created_at", ">=", f.from);
  if (f.until) q = q.where("created_at", "<", f.until);
  return q;
}

/** Sealed entries, newest first, strictly the merchant's own; `before` in the filters is the keyset. */
export async function pageEntries(merchantId: string, f: AuditFilters, limit: number): Promise<AuditRecord[]> {
  let q = filtered(merchantId, f).where("seq", "is not", null);
  if (f.before) q = q.where("seq", "<", f.before);
  return (await q.orderBy("seq", "desc").limit(limit).execute()).map(asRecord);
}

/** Committed entries not yet sealed (normally a few, for a moment), newest first. */
export async function pendingEntries(merchantId: string, f: AuditFilters, limit: number): Promise<AuditRecord[]> {
  return (await filtered(merchantId, f).where("seq", "is", null).orderBy("id", "desc").limit(limit).execute()).map(
    asRecord,
  );
}

/** The people and keys that appear in the merchant's log. */
export async function distinctActors(merchantId: string, limit: number): Promise<{ id: string; name: string }[]> {
  const rows = await getDb()
    .selectFrom("audit_log")
    .select(["actor_id", "actor_name"])
    .distinct()
    .where("merchant_id", "=", merchantId)
    .where("actor_id", "is not", null)
    .orderBy("actor_name")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.actor_id!, name: r.actor_name }));
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
