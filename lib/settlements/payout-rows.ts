import type { AuthContext } from "@/lib/auth/context";
import { viewStoreIds } from "./dashboard-summary";
import { pageSettlements } from "./repository/read";
import { serializeSettlement } from "./serialize";

/** The dashboard's drill-down: one payout date's payments and refunds across the view's stores. */
export async function payoutRows({
  ctx,
  input,
}: {
  ctx: AuthContext & { stores: { id: string }[] };
  input: { payout_on: string; all?: boolean; page?: number };
}) {
  const limit = 200;
  const page = input.page ?? 0;
  const { total, rows } = await pageSettlements(
    { merchantId: ctx.merchantId, storeIds: viewStoreIds(ctx, input.all ?? false), payoutOn: input.payout_on },
    { offset: page * limit, limit },
  );
  return { total, page, totalPages: Math.ceil(total / limit), rows: rows.map(serializeSettlement) };
}
