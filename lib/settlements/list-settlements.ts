import type { AuthContext } from "@/lib/auth/context";
import { settlementFilters } from "./filters";
import type { ListSettlementsInput, WireSettlement } from "./query-schema";
import { pageSettlements } from "./repository/read";
import { serializeSettlement } from "./serialize";

export type SettlementPage = {
  current_page: number;
  total_page: number;
  total_count: number;
  settlements: WireSettlement[];
};

/** GET /v2/settlements: a store's settlement rows (one per payment or refund), by payout date. */
export async function listSettlements({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: ListSettlementsInput;
}): Promise<SettlementPage> {
  const filters = await settlementFilters(ctx, input);
  const { total, rows } = filters
    ? await pageSettlements(
        {
          ...filters,
          payoutOn: input.payout_on,
          paymentId: input.payment_id,
          statuses: input.status,
          kinds: input.type,
        },
        { offset: input.page * input.limit, limit: input.limit },
      )
    : { total: 0, rows: [] };
  return {
    current_page: input.page,
    total_page: Math.ceil(total / input.limit),
    total_count: total,
    settlements: rows.map(serializeSettlement),
  };
}
