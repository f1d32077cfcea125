import { sql } from "kysely";
import { z } from "zod";
import { getDb, type Tx } from "@/lib/db/client";
import type { AuditHeadsTable, AuditLogTable } from "@/lib/db/tables/teams";
import type { AuditFilters } from "./schema";

/** One stored entry of a merchant's chain, as written (summary is its JSON text, hashed as is). */
export type AuditRow = AuditLogTable;
export type AuditHead = AuditHeadsTable;

const storedSummary = z.object({
  before: z.record(z.string(), z.unknown()).optional(),
  after: z.record(z.string(), z.unknown()).optional(),
});
/** An entry as the log page and the export read it: its summary parsed and checked once, here. */
export type AuditRecord = Omit<AuditRow, "summary"> & { summary: z.infer<typeof storedSummary> };

/**
 * Takes the next sequence number of the merchant's chain and the previous entry's hash. Bumping
 * the head row takes its lock, so concurrent appends of one merchant queue on PostgreSQL
 * (SQLite's write lock does the same).
 */
export async function bumpChainHead(
  tx: Tx,
  merchantId: string,
  genesisHash: string,
): Promise<{ seq: number; hash: string }> {
  await tx
    .insertInto("audit_heads")
    .values({ merchant_id: merchantId, seq: 0, hash: genesisHash })
    .onConflict((oc) => oc.column("merchant_id").doNothing())
    .execute();
  const head = await tx
    .updateTable("audit_heads")
    .set({ seq: sql`seq + 1` })
    .where("merchant_id", "=", merchantId)
    .returning(["seq", "hash"])
    .executeTakeFirstOrThrow();
  return { seq: Number(head.seq), hash: head.hash };
}

/** Appends the entry and points the head at it. */
export async function appendEntry(tx: Tx, entry: AuditRow): Promise<void> {
  await tx.insertInto("audit_log").values(entry).execute();
  await tx.updateTable("audit_heads").set({ hash: entry.hash }).where("merchant_id", "=", entry.merchant_id).execute();
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
  if (f.before) q = q.where("seq", "<", f.before);
  return q.orderBy("seq", "desc");
}

/** Newest first, strictly the merchant's own; `before` in the filters is the keyset. */
export async function pageEntries(merchantId: string, f: AuditFilters, limit: number): Promise<AuditRecord[]> {
  const rows = await filtered(merchantId, f).limit(limit).execute();
  return rows.map((r) => ({ ...r, summary: storedSummary.parse(JSON.parse(r.summary)) }));
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

/** A merchant's entries from a sequence number on, in order. */
export async function entriesFrom(merchantId: string, fromSeq: number, limit: number): Promise<AuditRow[]> {
  return getDb()
    .selectFrom("audit_log")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("seq", ">=", fromSeq)
    .orderBy("seq")
    .limit(limit)
    .execute();
}
