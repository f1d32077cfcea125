import { getDb } from "@/lib/db/client";
import { GENESIS_HASH, entryHash } from "./hash";

export type ChainBreak = { merchantId: string; seq: number; reason: "hash" | "link" | "gap" | "head" };
export type ChainReport = { ok: boolean; merchants: number; entries: number; breaks: ChainBreak[] };

const PAGE = 1000;

/**
 * Recomputes every merchant's chain: each entry's hash over its fields, its link to the previous
 * entry, consecutive sequence numbers, and the head row pointing at the last entry. An edited,
 * deleted or inserted entry shows as a break at its sequence number.
 */
export async function verifyAuditChains(options: { merchantId?: string } = {}): Promise<ChainReport> {
  const db = getDb();
  let headsQuery = db.selectFrom("audit_heads").selectAll().orderBy("merchant_id");
  if (options.merchantId) headsQuery = headsQuery.where("merchant_id", "=", options.merchantId);
  const heads = await headsQuery.execute();
  const breaks: ChainBreak[] = [];
  let entries = 0;
  for (const head of heads) {
    let prev = GENESIS_HASH;
    let expected = 1;
    for (;;) {
      const rows = await db.selectFrom("audit_log").selectAll().where("merchant_id", "=", head.merchant_id).where("seq", ">=", expected).orderBy("seq").limit(PAGE).execute();
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
    if (Number(head.seq) !== expected - 1 || head.hash !== prev) breaks.push({ merchantId: head.merchant_id, seq: Number(head.seq), reason: "head" });
  }
  return { ok: breaks.length === 0, merchants: heads.length, entries, breaks };
}
