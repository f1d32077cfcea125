import { csvLine } from "@/lib/csv";
import { pageEntries } from "./repository";
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

/** Every matching entry as CSV lines, read in pages (the export streams them). */
export async function* auditCsvLines(merchantId: string, f: AuditFilters): AsyncGenerator<string> {
  yield AUDIT_CSV_HEADER;
  let before = f.before;
  for (;;) {
    const rows = await pageEntries(merchantId, { ...f, before }, PAGE);
    for (const r of rows) {
      const s = r.summary;
      yield csvLine([
        Number(r.seq),
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
    if (rows.length < PAGE) return;
    before = Number(rows[rows.length - 1]!.seq);
  }
}
