import type { SettlementEntry, SettlementPage } from "../types";
import type { TossResult } from "./client";
import { TossOutcomeUnknown } from "./client";

/**
 * Toss's transaction listing (GET /v1/transactions), grouped by paymentKey so a payment's refunded
 * total is known even when its cancellations sit on a later page.
 */
type TossTransaction = {
  transactionKey: string;
  paymentKey: string;
  orderId: string;
  method?: string;
  customerKey?: string | null;
  amount: number;
  status: string;
  transactionAt: string;
  currency?: string;
};

const TOSS_PAGE = 5_000;

function kst(epochMs: number): string {
  return new Date(epochMs + 9 * 3_600_000).toISOString().slice(0, 23);
}

function methodOf(t: TossTransaction): "CARD" | "BILLING_KEY" | "VIRTUAL_ACCOUNT" {
  if (t.method === "가상계좌" || t.method === "VIRTUAL_ACCOUNT") return "VIRTUAL_ACCOUNT";
  return t.customerKey ? "BILLING_KEY" : "CARD";
}

const CANCEL_STATUSES = new Set(["CANCELED", "PARTIAL_CANCELED"]);

function entriesOf(rows: TossTransaction[]): SettlementEntry[] {
  const byPayment = new Map<string, TossTransaction[]>();
  for (const row of rows) byPayment.set(row.paymentKey, [...(byPayment.get(row.paymentKey) ?? []), row]);
  const entries: SettlementEntry[] = [];
  for (const group of byPayment.values()) {
    group.sort((a, b) => Date.parse(a.transactionAt) - Date.parse(b.transactionAt));
    const first = group[0]!;
    const cancels = group.filter((t) => CANCEL_STATUSES.has(t.status));
    const method = methodOf(first);
    const deposited = method === "VIRTUAL_ACCOUNT" && group.some((t) => t.status === "DONE");
    const status =
      method === "VIRTUAL_ACCOUNT"
        ? deposited
          ? "DEPOSITED"
          : cancels.length
            ? "VOIDED"
            : "VIRTUAL_ACCOUNT_ISSUED"
        : first.status === "ABORTED"
          ? "DECLINED"
          : "APPROVED";
    const at = Date.parse(first.transactionAt);
    const currency = first.currency ?? "KRW";
    const amount = group.find((t) => !CANCEL_STATUSES.has(t.status))?.amount ?? first.amount;
    const cancelledAmount = status === "VOIDED" ? 0 : cancels.reduce((sum, t) => sum + t.amount, 0);
    entries.push({
      type: "PAYMENT",
      txId: first.orderId,
      pgTxId: first.paymentKey,
      method,
      status,
      amount,
      cancelledAmount,
      currency,
      at,
    });
    if (status === "VOIDED") continue;
    for (const c of cancels) {
      // Toss does not carry our cancellation id: reconciliation matches these by pgCancellationId.
      entries.push({
        type: "CANCELLATION",
        cancellationId: "",
        pgCancellationId: c.transactionKey,
        txId: c.orderId,
        pgTxId: c.paymentKey,
        status: "SUCCEEDED",
        amount: c.amount,
        currency,
        at: Date.parse(c.transactionAt),
      });
    }
  }
  return entries.sort((a, b) => a.at - b.at);
}

export async function settlementPageOf(
  get: (path: string) => Promise<TossResult<TossTransaction[]>>,
  range: { from: number; to: number; cursor: string | null; limit: number },
): Promise<SettlementPage> {
  const rows: TossTransaction[] = [];
  let startingAfter: string | null = null;
  for (;;) {
    const query = new URLSearchParams({
      startDate: kst(range.from),
      endDate: kst(range.to - 1),
      limit: String(TOSS_PAGE),
    });
    if (startingAfter) query.set("startingAfter", startingAfter);
    const result = await get(`/v1/transactions?${query}`);
    if (!result.ok)
      throw new TossOutcomeUnknown("provider_error", `the transaction listing was refused: ${result.code}`);
    rows.push(...result.body);
    if (result.body.length < TOSS_PAGE) break;
    startingAfter = result.body.at(-1)!.transactionKey;
  }
  const entries = entriesOf(rows);
  const offset = Number(range.cursor ?? 0);
  const page = entries.slice(offset, offset + range.limit);
  return { entries: page, nextCursor: offset + range.limit < entries.length ? String(offset + range.limit) : null };
}
