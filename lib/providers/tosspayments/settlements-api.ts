import type { TossResult } from "./client";
import { TossOutcomeUnknown } from "./client";

/**
 * Toss's settlement listing (GET /v1/settlements, https://docs.tosspayments.com/reference#정산-조회):
 * one row per approval and per cancel, by sale date (`soldDate`) or payout date (`paidOutDate`),
 * paged by `page` (from 1) and `size`. A cancel's row carries `cancel` and negative amounts.
 */
export type TossSettlement = {
  mId: string;
  paymentKey: string;
  transactionKey: string;
  orderId: string;
  currency: string;
  method: string;
  amount: number;
  interestFee: number;
  fees: Array<{ type: string; fee: number }>;
  supplyAmount: number;
  vat: number;
  payOutAmount: number;
  approvedAt: string;
  soldDate: string;
  paidOutDate: string;
  cancel: { cancelAmount: number; canceledAt?: string; cancelReason?: string } | null;
};

export type TossSettlementQuery = { startDate: string; endDate: string; dateType: "soldDate" | "paidOutDate" };

const TOSS_SETTLEMENT_PAGE = 1_000;

export async function listTossSettlementsOf(
  get: (path: string) => Promise<TossResult<TossSettlement[]>>,
  query: TossSettlementQuery,
): Promise<TossSettlement[]> {
  const rows: TossSettlement[] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({ ...query, page: String(page), size: String(TOSS_SETTLEMENT_PAGE) });
    const result = await get(`/v1/settlements?${params}`);
    if (!result.ok)
      throw new TossOutcomeUnknown("provider_error", `the settlement listing was refused: ${result.code}`);
    rows.push(...result.body);
    if (result.body.length < TOSS_SETTLEMENT_PAGE) return rows;
  }
}
