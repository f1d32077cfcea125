import { newOrderedId } from "@/lib/ids";
import { logger } from "@/lib/ops/logger";
import { HolidayTableMissingError, koreaDate, payoutDate } from "./business-days";
import { contractAmounts } from "./fees";
import { rematchWaitingSettlements } from "./rematch";
import { termsOfChannels } from "./repository/contracts";
import {
  advanceCursor,
  insertSettlements,
  paymentsWithoutSettlement,
  readCursor,
  refundsWithoutSettlement,
  type SettlementRow,
  type Unsettled,
} from "./repository/derive";
import { type ContractTerms, DEFAULT_TERMS } from "./schema";

const BATCH = 500;
/**
 * Each run reads again behind its cursor: a state change stamped earlier than one already seen may
 * commit later. Rows already derived are skipped by the anti-join but still read, so five minutes
 * behind only once a minute, twenty seconds on the runs between (every 10 s): a paid attempt is
 * read about 7 times instead of 30 (on PostgreSQL that re-read cost ~0.9 ms a payment).
 */
const FULL_OVERLAP_MS = 5 * 60_000;
const SHORT_OVERLAP_MS = 20_000;
const FULL_OVERLAP_EVERY_MS = 60_000;

/** How far behind its cursor each run of this process reads, per cursor. */
export function overlapSchedule(): (cursor: string, now: number) => number {
  const lastFull = new Map<string, number>();
  return (cursor, now) => {
    const last = lastFull.get(cursor);
    if (last !== undefined && now - last >= 0 && now - last < FULL_OVERLAP_EVERY_MS) return SHORT_OVERLAP_MS;
    lastFull.set(cursor, now);
    return FULL_OVERLAP_MS;
  };
}
const overlapMs = overlapSchedule();

/** The EXPECTED settlement of one paid attempt or succeeded refund under its channel's terms. */
export function expectedSettlement(item: Unsettled, terms: ContractTerms, now: number): SettlementRow {
  const soldOn = koreaDate(item.at);
  const amounts = contractAmounts(terms, item.method, item.kind, item.amount);
  return {
    id: newOrderedId("stl_"),
    merchant_id: item.merchant_id,
    store_id: item.store_id,
    channel_id: item.channel_id,
    pg_provider: item.pg_provider,
    kind: item.kind,
    source_key: `${item.kind === "PAYMENT" ? "tx" : "cx"}:${item.source_id}`,
    payment_id: item.payment_id,
    transaction_id: item.transaction_id,
    cancellation_id: item.kind === "REFUND" ? item.source_id : null,
    method: item.method,
    currency: item.currency,
    sold_on: soldOn,
    // A refund is deducted from the payout of its own sold date (it nets against that day's sales).
    payout_on: payoutDate(soldOn, terms.payout_days),
    gross: amounts.gross,
    fees: JSON.stringify(amounts.fees),
    fee_total: amounts.fee_total,
    vat_on_fees: amounts.vat_on_fees,
    net: amounts.net,
    status: "EXPECTED",
    pg_key: null,
    pg_order_id: null,
    created_at: now,
    updated_at: now,
  };
}

async function deriveBatch(
  cursor: string,
  since: number,
  find: (since: number, limit: number, storeId?: string) => Promise<Unsettled[]>,
  storeId: string | undefined,
): Promise<{ written: number; next: number | null }> {
  const items = await find(since, BATCH, storeId);
  const terms = await termsOfChannels([...new Set(items.map((i) => i.channel_id))]);
  const now = Date.now();
  const rows: SettlementRow[] = [];
  let position: number | null = null;
  for (const item of items) {
    try {
      rows.push(expectedSettlement(item, terms.get(item.channel_id) ?? DEFAULT_TERMS, now));
      position = item.position;
    } catch (error) {
      // A sale in a year without a holiday table waits (and is logged) until the year is added.
      if (!(error instanceof HolidayTableMissingError)) throw error;
      logger.error({ err: error, source: item.source_id }, "settlement not derived: holiday table missing");
      break;
    }
  }
  await insertSettlements(rows);
  // A run over one store does not speak for the others: only a run over all moves the cursor.
  if (position !== null && !storeId) await advanceCursor(cursor, position);
  const whole = items.length === BATCH && rows.length === items.length;
  // Rows sharing the last position are found again next batch (>= would loop): back off by 1 ms.
  return { written: rows.length, next: whole && position !== null ? position - 1 : null };
}

/**
 * Writes the EXPECTED settlement of every paid attempt and succeeded refund that has none yet
 * (the `settlements.derive` periodic task; also called on demand). Idempotent: a source has one
 * row (unique source_key), so concurrent runs and re-reads write nothing twice. `fromStart` reads
 * every record instead of those changed since the cursor (a repair, or records whose times were
 * rewritten); `storeId` limits the run to one store.
 */
export async function deriveExpectedSettlements({
  fromStart = false,
  storeId,
}: {
  fromStart?: boolean;
  storeId?: string;
} = {}): Promise<number> {
  let written = 0;
  for (const [cursor, find] of [
    ["payments", paymentsWithoutSettlement],
    ["refunds", refundsWithoutSettlement],
  ] as const) {
    let since: number | null =
      fromStart || storeId ? 0 : Math.max(0, (await readCursor(cursor)) - overlapMs(cursor, Date.now()));
    while (since !== null) {
      const batch = await deriveBatch(cursor, since, find, storeId);
      written += batch.written;
      since = batch.next;
    }
  }
  return written;
}

export const deriveSettlementsTask = {
  name: "settlements.derive",
  everyMs: Number(process.env.SETTLEMENT_DERIVE_MS ?? 10_000),
  // PG rows read before their record settled are matched first, so their record is not derived twice.
  run: async () => {
    await rematchWaitingSettlements();
    await deriveExpectedSettlements();
  },
};
