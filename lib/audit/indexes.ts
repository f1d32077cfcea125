/**
 * audit_log's secondary indexes, each with the queries whose measured plans use it (EXPLAIN on both
 * databases: docs/benchmarks.md "Audit cost, session 6"). Every audited payment writes one entry
 * and seals it, paying for each index here, so an index stays only while a query needs it;
 * lib/audit/indexes.test.ts checks the live schema against this list. The primary key (id) serves
 * sealing's writes by id.
 */
export const AUDIT_LOG_INDEXES: Record<string, { columns: string[]; unique: boolean; serves: string }> = {
  audit_log_seq_uq: {
    columns: ["merchant_id", "seq"],
    unique: true,
    serves:
      "one chain position per merchant; the log page and export newest first and their keyset (pageEntries), " +
      "the actor and action filters, audit-verify's reads in chain order (sealedEntries, lastSealedSeq), and a " +
      "merchant's unsealed entries (seq null: unsealedWithHead, pendingEntries, merchantsWithUnsealed, unsealedSummary)",
  },
  audit_log_time_idx: {
    columns: ["merchant_id", "created_at"],
    unique: false,
    serves: "the log page's and export's date filter (from / until)",
  },
};
