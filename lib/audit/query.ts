import { getDb } from "@/lib/db/client";
import type { AuditLogTable } from "@/lib/db/tables/teams";
import { csvLine } from "@/lib/payments/csv";
import type { AuditEntry, AuditFilters } from "./schema";

const PAGE = 50;

function filtered(merchantId: string, f: AuditFilters) {
  let q = getDb().selectFrom("audit_log").selectAll().where("merchant_id", "=", merchantId);
  if (f.actor) q = q.where("actor_id", "=", f.actor);
  if (f.action) q = f.action.includes(".") ? q.where("action", "=", f.action) : q.where("action", ">=", `${f.action}.`).where("action", "<", `${f.action}/`);
  if (f.target) q = q.where("target_id", "=", f.target);
  if (f.from) q = q.where("created_at", ">=", f.from);
  if (f.until) q = q.where("created_at", "<", f.until);
  if (f.before) q = q.where("seq", "<", f.before);
  return q.orderBy("seq", "desc");
}

function toEntry(r: AuditLogTable): AuditEntry {
  return {
    seq: Number(r.seq),
    actorType: r.actor_type,
    actorId: r.actor_id,
    actorName: r.actor_name,
    action: r.action,
    targetId: r.target_id,
    summary: JSON.parse(r.summary),
    ipAddress: r.ip_address,
    createdAt: new Date(Number(r.created_at)).toISOString(),
  };
}

/** Newest first, strictly the merchant's own entries. */
export async function listAudit(merchantId: string, f: AuditFilters): Promise<{ entries: AuditEntry[]; next: number | null }> {
  const rows = await filtered(merchantId, f).limit(PAGE + 1).execute();
  const entries = rows.slice(0, PAGE).map(toEntry);
  return { entries, next: rows.length > PAGE ? entries[entries.length - 1]!.seq : null };
}

/** The people and keys that appear in the merchant's log, for the actor filter. */
export async function listAuditActors(merchantId: string): Promise<{ id: string; name: string }[]> {
  const rows = await getDb().selectFrom("audit_log").select(["actor_id", "actor_name"]).distinct().where("merchant_id", "=", merchantId).where("actor_id", "is not", null).orderBy("actor_name").limit(200).execute();
  return rows.map((r) => ({ id: r.actor_id!, name: r.actor_name }));
}

export const AUDIT_CSV_HEADER = csvLine(["seq", "time", "actor_type", "actor_id", "actor", "action", "target_id", "before", "after", "ip_address", "hash"]);

/** Every matching entry as CSV lines, read in pages (the export streams them). */
export async function* auditCsvLines(merchantId: string, f: AuditFilters): AsyncGenerator<string> {
  yield AUDIT_CSV_HEADER;
  let before = f.before;
  for (;;) {
    const rows = await filtered(merchantId, { ...f, before }).limit(500).execute();
    for (const r of rows) {
      const s = JSON.parse(r.summary) as { before?: unknown; after?: unknown };
      yield csvLine([Number(r.seq), new Date(Number(r.created_at)).toISOString(), r.actor_type, r.actor_id, r.actor_name, r.action, r.target_id, s.before ? JSON.stringify(s.before) : "", s.after ? JSON.stringify(s.after) : "", r.ip_address, r.hash]);
    }
    if (rows.length < 500) return;
    before = Number(rows[rows.length - 1]!.seq);
  }
}
