import { csvLine } from "@/lib/csv";
import type { AuthContext } from "@/lib/auth/context";
import { viewStoreIds } from "./dashboard-summary";
import type { WireSettlement } from "./query-schema";
import { pageSettlements } from "./repository/read";
import { serializeSettlement } from "./serialize";

const TYPE = { PAYMENT: "결제", REFUND: "환불" } as const;
const STATUS = { EXPECTED: "예정", CONFIRMED: "확정" } as const;

/** Korean headers, amounts as plain integers (won): a spreadsheet sums them as they are. */
const COLUMNS: [string, (r: WireSettlement) => string | number | undefined][] = [
  ["지급일", (r) => r.payout_on],
  ["매출일", (r) => r.sold_on],
  ["구분", (r) => TYPE[r.type]],
  ["상태", (r) => STATUS[r.status]],
  ["상점 ID", (r) => r.store_id],
  ["채널", (r) => r.channel_key],
  ["PG사", (r) => r.pg_provider],
  ["결제 ID", (r) => r.payment_id],
  ["거래 ID", (r) => r.transaction_id],
  ["취소 ID", (r) => r.cancellation_id],
  ["결제수단", (r) => r.method],
  ["통화", (r) => r.currency],
  ["매출액", (r) => r.gross],
  ["수수료", (r) => r.fee_total],
  ["수수료 부가세", (r) => r.vat_on_fees],
  ["지급액", (r) => r.net],
  ["PG 정산 키", (r) => r.pg_key],
];

const BATCH = 1000;

/** The settlements of a payout-date range as CSV lines, header first, read in batches. */
export async function* exportSettlementsCsv({
  ctx,
  input,
}: {
  ctx: AuthContext & { stores: { id: string }[] };
  input: { from: string; to: string; all: boolean };
}): AsyncGenerator<string> {
  yield csvLine(COLUMNS.map(([name]) => name));
  const filters = {
    merchantId: ctx.merchantId,
    storeIds: viewStoreIds(ctx, input.all),
    payoutFrom: input.from,
    payoutTo: input.to,
  };
  for (let offset = 0; ; offset += BATCH) {
    const { rows } = await pageSettlements(filters, { offset, limit: BATCH });
    if (rows.length > 0)
      yield rows.map((r) => csvLine(COLUMNS.map(([, pick]) => pick(serializeSettlement(r))))).join("");
    if (rows.length < BATCH) return;
  }
}
