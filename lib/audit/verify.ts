import { GENESIS_HASH, entryHash } from "./hash";
import { chainHeads, lastSealedSeq, sealedEntries, unsealedSummary } from "./repository";

export type ChainBreak =
  | { merchantId: string; seq: number; reason: "hash" | "link" | "gap" | "head" }
  /** Committed but still not sealed into the chain after the grace period (sealing is not running). */
  | { merchantId: string; id: string; reason: "unsealed"; ageMs: number };
export type ChainReport = { ok: boolean; merchants: number; entries: number; unsealed: number; breaks: ChainBreak[] };

const PAGE = 1000;
/** Post-commit sealing takes milliseconds and the periodic task runs every few seconds. */
export const UNSEALED_GRACE_MS = 60_000;
const UNSEALED_LISTED = 10_000;

/**
 * Recomputes every merchant's chain: each entry's hash over its fields, its link to the previous
 * entry, consecutive sequence numbers, and the head row pointing at the last entry. An edited,
 * deleted or inserted entry shows as a break at its sequence number. Entries committed but left
 * unsealed longer than `unsealedGraceMs` are breaks too (younger ones are only counted). Safe while
 * sealing runs: each chain is read up to the head it started from.
 */
export async function verifyAuditChains(
  options: { merchantId?: string; unsealedGraceMs?: number } = {},
): Promise<ChainReport> {
  const heads = await chainHeads(options.merchantId);
  const breaks: ChainBreak[] = [];
  let entries = 0;
  for (const head of heads) {
    const merchantId = head.merchant_id;
    const headSeq = Number(head.seq);
    let prev = GENESIS_HASH;
    let expected = 1;
    while (expected <= headSeq) {
      const rows = await sealedEntries(merchantId, expected, headSeq, PAGE);
      for (const row of rows) {
        const seq = Number(row.seq);
        entries++;
        if (seq !== expected) breaks.push({ merchantId, seq: expected, reason: "gap" });
        if (row.prev_hash !== prev) breaks.push({ merchantId, seq, reason: "link" });
        const { hash, ...fields } = row;
        if (entryHash(fields) !== hash) breaks.push({ merchantId, seq, reason: "hash" });
        prev = hash;
        expected = seq + 1;
      }
      if (rows.length < PAGE) break;
    }
    if (expected - 1 !== headSeq || head.hash !== prev) breaks.push({ merchantId, seq: headSeq, reason: "head" });
    // An entry past the head was not sealed by us: read the top first, then the head it must not pass.
    const top = await lastSealedSeq(merchantId);
    const [now] = await chainHeads(merchantId);
    if (top > Number(now?.seq ?? 0)) breaks.push({ merchantId, seq: top, reason: "head" });
  }
  const grace = options.unsealedGraceMs ?? UNSEALED_GRACE_MS;
  const unsealed = await unsealedSummary(options.merchantId, UNSEALED_LISTED);
  const now = Date.now();
  for (const u of unsealed) {
    const ageMs = now - Number(u.created_at);
    if (ageMs > grace) breaks.push({ merchantId: u.merchant_id, id: u.id, reason: "unsealed", ageMs });
  }
  return { ok: breaks.length === 0, merchants: heads.length, entries, unsealed: unsealed.length, breaks };
}
