import { pageEntries, pendingEntries } from "./repository";
import type { AuditEntry, AuditFilters } from "./schema";
import { toAuditEntry } from "./serialize";

const PAGE = 50;
/** Entries awaiting sealing shown on the first page: normally a handful, for a moment. */
const PENDING_SHOWN = 100;

/**
 * One page of the log, newest first, strictly the merchant's own entries; `next` is the keyset.
 * The first page starts with the committed entries not yet sealed into the chain (seq null).
 */
export async function listAudit({
  ctx: { merchantId },
  input: f,
}: {
  ctx: { merchantId: string };
  input: AuditFilters;
}): Promise<{ entries: AuditEntry[]; next: number | null }> {
  // Pending first, then sealed: an entry sealed between the two reads shows in both (kept once,
  // sealed), never in neither.
  const pending = f.before ? [] : await pendingEntries(merchantId, f, PENDING_SHOWN);
  const rows = await pageEntries(merchantId, f, PAGE + 1);
  const sealed = rows.slice(0, PAGE);
  const sealedIds = new Set(sealed.map((r) => r.id));
  return {
    entries: [...pending.filter((r) => !sealedIds.has(r.id)), ...sealed].map(toAuditEntry),
    next: rows.length > PAGE ? Number(sealed[sealed.length - 1]!.seq) : null,
  };
}
