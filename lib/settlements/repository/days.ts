import { sql } from "kysely";
import type { Executor } from "@/lib/db/transaction";
import type { SettlementDaysTable, SettlementsTable } from "@/lib/db/tables/settlements";

type Sums = Pick<SettlementsTable, "gross" | "fee_total" | "vat_on_fees" | "net">;
type DayKey = Pick<
  SettlementDaysTable,
  "merchant_id" | "store_id" | "payout_on" | "channel_id" | "currency" | "status" | "kind"
>;

/**
 * Adds rows (sign 1) to, or takes them (sign −1) from, their days' sums, in the caller's transaction:
 * every write to `settlements` calls this with what it inserted, replaced or removed.
 */
export async function applyToDays(db: Executor, rows: (DayKey & Sums)[], sign: 1 | -1): Promise<void> {
  const days = new Map<string, SettlementDaysTable>();
  for (const r of rows) {
    const key = [r.store_id, r.payout_on, r.channel_id, r.currency, r.status, r.kind].join("|");
    const day = days.get(key) ?? {
      merchant_id: r.merchant_id,
      store_id: r.store_id,
      payout_on: r.payout_on,
      channel_id: r.channel_id,
      currency: r.currency,
      status: r.status,
      kind: r.kind,
      count: 0,
      gross: 0,
      fee_total: 0,
      vat_on_fees: 0,
      net: 0,
    };
    day.count += sign;
    day.gross += sign * Number(r.gross);
    day.fee_total += sign * Number(r.fee_total);
    day.vat_on_fees += sign * Number(r.vat_on_fees);
    day.net += sign * Number(r.net);
    days.set(key, day);
  }
  if (days.size === 0) return;
  await db
    .insertInto("settlement_days")
    .values([...days.values()])
    .onConflict((oc) =>
      oc.columns(["store_id", "payout_on", "channel_id", "currency", "status", "kind"]).doUpdateSet({
        count: sql`settlement_days.count + excluded.count`,
        gross: sql`settlement_days.gross + excluded.gross`,
        fee_total: sql`settlement_days.fee_total + excluded.fee_total`,
        vat_on_fees: sql`settlement_days.vat_on_fees + excluded.vat_on_fees`,
        net: sql`settlement_days.net + excluded.net`,
      }),
    )
    .execute();
}
