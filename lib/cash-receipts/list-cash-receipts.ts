import type { AuthContext } from "@/lib/auth/context";
import { pageReceipts } from "./repository";
import type { ListCashReceiptsInput } from "./schema";
import { serializeCashReceiptListItem } from "./serialize";

const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

/** The dashboard's receipts of the current store, newest first (dates are UTC days). */
export async function listCashReceipts({ ctx, input }: { ctx: AuthContext; input: ListCashReceiptsInput }) {
  const page = input.page ?? 0;
  const { rows, total } = await pageReceipts(ctx.merchantId, ctx.storeId, {
    status: input.status,
    type: input.type,
    from: input.from ? Date.parse(`${input.from}T00:00:00Z`) : undefined,
    to: input.to ? Date.parse(`${input.to}T00:00:00Z`) + DAY_MS : undefined,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  });
  return { items: rows.map(serializeCashReceiptListItem), totalCount: total, page, pageSize: PAGE_SIZE };
}
