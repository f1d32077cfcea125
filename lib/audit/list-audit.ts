import { pageEntries } from "./repository";
import type { AuditEntry, AuditFilters } from "./schema";
import { toAuditEntry } from "./serialize";

const PAGE = 50;

/** One page of the log, newest first, strictly the merchant's own entries; `next` is the keyset. */
export async function listAudit(
  merchantId: string,
  f: AuditFilters,
): Promise<{ entries: AuditEntry[]; next: number | null }> {
  const rows = await pageEntries(merchantId, f, PAGE + 1);
  const entries = rows.slice(0, PAGE).map(toAuditEntry);
  return { entries, next: rows.length > PAGE ? entries[entries.length - 1]!.seq : null };
}
