/**
 * audit_log's secondary indexes, each with the queries whose measured plans use it (EXPLAIN on both
 * databases: docs/benchmarks.md "Audit cost"). Every audited payment writes one entry
 * and seals it, paying for each index here, so an index stays only while a query needs it;
 * lib/audit/indexes.test.ts checks the live schema against this list. The primary key (id) serves
 * sealing's writes by id.
 */
export const AUDIT_LOG_INDEXES: Record<
  string,
  {
    columns: string[];
    unique: boolean;
    serves: string /** A partial index's predicate (both dialects' text). */;
    where?: string;
  }
> = {
  audit_log_seq_uq: {
    columns: ["merchant_id", "seq"],
    unique: true,
    serves:
      "one chain position per merchant; the log page and export newest first and their keyset (pageEntries), " +
      "the actor and action filters, audit-verify's reads in chain order (sealedEntries, lastSealedSeq), and a " +
      "merchant's unsealed entries (seq null: unsealedWithHead, pendingEntries, merchantsWithUnsealed, unsealedSummary)",
  },
  audit_log_time_idx: {
    columns: ["merchant_id", "created_at", "seq"],
    unique: false,
    serves:
      "the log page's and export's date filter (from / until): an old or sparse range's positions read " +
      "index-only (walksChain), and its probes",
  },
  audit_log_actor_idx: {
    columns: ["merchant_id", "actor_id", "seq"],
    unique: false,
    serves:
      "the actor filter newest first (a rare actor walked the whole chain), and the actor list (distinctActors: " +
      "one probe per actor, it read every entry of the merchant)",
  },
  audit_log_target_idx: {
    columns: ["merchant_id", "target_id", "seq"],
    unique: false,
    serves: "the target filter newest first (it scanned the table)",
  },
  audit_log_action_idx: {
    columns: ["merchant_id", "action", "seq"],
    unique: false,
    where: "action <> 'payment.status_change'",
    serves:
      "the action and record-kind filters for every action but the one nearly every payment writes " +
      "(payment.status_change, dense in seq_uq: payments do not pay for this index)",
  },
};
