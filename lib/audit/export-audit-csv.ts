import { csvLine } from "@/lib/csv";
import { type AuditRecord, pageEntries, pendingEntries } from "./repository";
import type { AuditFilters } from "./schema";

const AUDIT_CSV_HEADER = csvLine([
  "seq",
  "time",
  "actor_type",
  "actor_id",
  "actor",
  "action",
  "target_id",
  "before",
  "after",
  "ip_address",
  "hash",
]);
const PAGE = 500;

function auditCsvLine(r: AuditRecord): string {
  const s = r.summary;
  return csvLine([
    r.seq === null ? null : Number(r.seq),
    new Date(Number(r.created_at)).toISOString(),
    r.actor_type,
    r.actor_id,
    r.actor_name,
    r.action,
    r.target_id,
    s.before ? JSON.stringify(s.before) : "",
    s.after ? JSON.stringify(s.after) : "",
    r.ip_address,
    r.hash,
  ]);
}

/**
 * Every matching entry as CSV lines, read in pages (the export streams them): first those not yet
 * sealed into the chain (empty seq and hash), then the chain newest first.
 */
export async function* auditCsvLines({
  ctx: { merchantId },
  input: f,
}: {
  ctx: { merchantId: string };
  input: AuditFilters;
}): AsyncGenerator<string> {
  yield AUDIT_CSV_HEADER;
  // Read before the chain, so an entry sealed in between is listed (once: as it was when read).
  const pending = f.before ? [] : await pendingEntries(merchantId, f, PAGE);
  for (const r of pending) yield auditCsvLine(r);
  const listed = new Set(pending.map((r) => r.id));
  let before = f.before;
  for (;;) {
    const rows = await pageEntries(merchantId, { ...f, before }, PAGE);
    for (const r of rows) if (!listed.has(r.id)) yield auditCsvLine(r);
    if (rows.length < PAGE) return;
    before = Number(rows[rows.length - 1]!.seq);
  }
}
