import type { AuthContext } from "@/lib/auth/context";
import { settlementFilters } from "./filters";
import type { ListPayoutsInput, WirePayout } from "./query-schema";
import { pagePayouts } from "./repository/read";
import { serializePayout } from "./serialize";

export type PayoutPage = { current_page: number; total_page: number; total_count: number; payouts: WirePayout[] };

/** GET /v2/settlements/payouts: a store's payouts (per date, channel and currency) with their sums. */
export async function listPayouts({ ctx, input }: { ctx: AuthContext; input: ListPayoutsInput }): Promise<PayoutPage> {
  const filters = await settlementFilters(ctx, input);
  const { total, rows } = filters
    ? await pagePayouts(filters, { offset: input.page * input.limit, limit: input.limit })
    : { total: 0, rows: [] };
  return {
    current_page: input.page,
    total_page: Math.ceil(total / input.limit),
    total_count: total,
    payouts: rows.map(serializePayout),
  };
}
