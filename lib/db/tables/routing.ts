/** Channel routing (migration 0160, lib/routing). */
export interface ChannelGroupsTable {
  id: string;
  merchant_id: string;
  store_id: string;
  /** Accepted wherever a new payment names a `channel_key`. */
  key: string;
  name: string;
  /** JSON: lib/routing/schema.ts GroupDefinition (targets and rules by channel id). */
  definition: string;
  created_at: number;
  updated_at: number;
}

export type CircuitState = "CLOSED" | "OPEN" | "HALF_OPEN";

/** One row per channel that ever failed; a channel without one is CLOSED. */
export interface ChannelCircuitsTable {
  channel_id: string;
  state: CircuitState;
  consecutive_failures: number;
  opened_at: number | null;
  /** HALF_OPEN: when the one probe call began (another process may take over a stale probe). */
  probe_started_at: number | null;
  updated_at: number;
}

/** SUCCEEDED: the PG answered; DECLINED: it refused (a decline); FAILED: no answer or PG unavailable. */
export type ChannelCallOutcome = "SUCCEEDED" | "DECLINED" | "FAILED";

/** Recent payment calls per channel, for health over the last hour (pruned after two). */
export interface ChannelCallsTable {
  id: string;
  channel_id: string;
  at: number;
  outcome: ChannelCallOutcome;
  latency_ms: number;
}

/** Why an attempt went to its channel, for attempts made through a channel group. */
export interface TransactionRoutingTable {
  transaction_id: string;
  merchant_id: string;
  store_id: string;
  payment_id: string;
  /** JSON: lib/routing/schema.ts RoutingRecord. */
  decision: string;
  created_at: number;
}

export interface RoutingTables {
  transaction_routing: TransactionRoutingTable;
  channel_groups: ChannelGroupsTable;
  channel_circuits: ChannelCircuitsTable;
  channel_calls: ChannelCallsTable;
}
