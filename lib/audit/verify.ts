import { GENESIS_HASH, entryHash } from "./hash";
import { chainHeads, entriesFrom } from "./repository";

export type ChainBreak = { merchantId: string; seq: number; reason: "hash" | "link" | "gap" | "head" };
export type ChainReport = { ok: boolean; merchants: number; entries: number; breaks: ChainBreak[] };

const PAGE = 1000;

/**
 * Recomputes every merchant's chain: each entry's hash over its fields, its link to the previous
 * entry, consecutive sequence numbers, and the head row pointing at the last entry. An edited,
 * deleted or inserted entry shows as a break at its sequence number.
 */
export async function verifyAuditChains(options: { merchantId?: string } = {}): Promise<ChainReport> {
  const heads = await chainHeads(options.merchantId);
  const breaks: ChainBreak[] = [];
  let entries = 0;
  for (const head of heads) {
    let prev = GENESIS_HASH;
    let expected = 1;
    for (;;) {
      const rows = await entriesFrom(head.merchant_id, expected, PAGE);
      for (const row of rows) {
        const seq = Number(row.seq);
        entries++;
        if (seq !== expected) breaks.push({ merchantId: head.merchant_id, seq: expected, reason: "gap" });
        if (row.prev_hash !== prev) breaks.push({ merchantId: head.merchant_id, seq, reason: "link" });
        const { hash, ...fields } = row;
        if (entryHash(fields) !== hash) breaks.push({ merchantId: head.merchant_id, seq, reason: "hash" });
        prev = hash;
        expected = seq + 1;
      }
      if (rows.length < PAGE) break;
    }
    if (Number(head.seq) !== expected - 1 || head.hash !== prev)
      breaks.push({ merchantId: head.merchant_id, seq: Number(head.seq), reason: "head" });
  }
  return { ok: breaks.length === 0, merchants: heads.length, entries, breaks };
}
