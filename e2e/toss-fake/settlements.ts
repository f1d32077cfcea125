import { payoutDate } from "@/lib/settlements/business-days";
import type { FakeLedger, FakeTransaction } from "./ledger";

/**
 * GET /v1/settlements of the fake: the ledger's approvals and cancels as Toss's settlement rows.
 * Fees come from `feeBps` (a rate, rounded half up) with VAT of 10% rounded down; the sale date is
 * the transaction's Korean date, the payout `payoutDays` business days later. A cancel's row
 * carries `cancel` and negative amounts (its rate fee returned), as Toss reports it.
 */
export type FakeSettlementTerms = { feeBps: number; payoutDays: number };

export class SettlementQueryError extends Error {}

const QUERY = { required: ["startDate", "endDate"], optional: ["dateType", "page", "size"] };
function isDate(s: string): boolean {
  const at = Date.parse(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && Number.isFinite(at) && new Date(at).toISOString().startsWith(s);
}

function checkQuery(url: URL): { start: string; end: string; dateType: string; page: number; size: number } {
  const listed = new Set([...QUERY.required, ...QUERY.optional]);
  const unlisted = [...url.searchParams.keys()].find((k) => !listed.has(k));
  if (unlisted) throw new SettlementQueryError(`${unlisted}: 알 수 없는 파라미터입니다.`);
  const missing = QUERY.required.find((k) => !url.searchParams.get(k));
  if (missing) throw new SettlementQueryError(`${missing}: 필수 파라미터가 누락되었습니다.`);
  const start = url.searchParams.get("startDate")!;
  const end = url.searchParams.get("endDate")!;
  if (!isDate(start) || !isDate(end) || start > end)
    throw new SettlementQueryError("startDate, endDate 값이 올바르지 않습니다.");
  const dateType = url.searchParams.get("dateType") ?? "soldDate";
  if (dateType !== "soldDate" && dateType !== "paidOutDate")
    throw new SettlementQueryError("dateType 값이 올바르지 않습니다.");
  const page = Number(url.searchParams.get("page") ?? 1);
  const size = Number(url.searchParams.get("size") ?? 100);
  if (!Number.isInteger(page) || page < 1) throw new SettlementQueryError("page 값이 올바르지 않습니다.");
  if (!Number.isInteger(size) || size < 1 || size > 10_000)
    throw new SettlementQueryError("size 값이 올바르지 않습니다.");
  return { start, end, dateType, page, size };
}

const CANCELS = new Set(["CANCELED", "PARTIAL_CANCELED"]);

function rowOf(t: FakeTransaction, approval: FakeTransaction, terms: FakeSettlementTerms) {
  const cancel = CANCELS.has(t.status);
  const sign = cancel ? -1 : 1;
  const fee = Math.floor((t.amount * terms.feeBps + 5_000) / 10_000);
  const vat = Math.floor(fee / 10);
  const soldDate = t.transactionAt.slice(0, 10);
  return {
    mId: t.mId,
    paymentKey: t.paymentKey,
    transactionKey: t.transactionKey,
    orderId: t.orderId,
    currency: t.currency,
    method: t.method,
    amount: sign * t.amount,
    interestFee: 0,
    fees: [{ type: "BASE", fee: sign * fee + 0 }],
    supplyAmount: sign * (t.amount - Math.floor(t.amount / 11)) + 0,
    vat: sign * vat + 0,
    payOutAmount: sign * (t.amount - fee - vat) + 0,
    approvedAt: approval.transactionAt,
    soldDate,
    paidOutDate: payoutDate(soldDate, terms.payoutDays),
    cancel: cancel ? { cancelAmount: t.amount, canceledAt: t.transactionAt } : null,
  };
}

export function listSettlements(ledger: FakeLedger, secretKey: string, url: URL, terms: FakeSettlementTerms) {
  const q = checkQuery(url);
  const rows = ledger.transactions.get(secretKey) ?? [];
  const approvals = new Map(rows.filter((t) => t.status === "DONE").map((t) => [t.paymentKey, t]));
  const settled = rows.flatMap((t) => {
    const approval = approvals.get(t.paymentKey);
    // Only approvals (and deposits) and the cancels of approved payments are settled.
    if (!approval || (t.status !== "DONE" && !CANCELS.has(t.status))) return [];
    const row = rowOf(t, approval, terms);
    const on = q.dateType === "soldDate" ? row.soldDate : row.paidOutDate;
    return on >= q.start && on <= q.end ? [row] : [];
  });
  return settled.slice((q.page - 1) * q.size, q.page * q.size);
}
