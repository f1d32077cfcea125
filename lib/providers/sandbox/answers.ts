import type { CardInfo, CancellationLookup, PaymentLookup, SettlementEntry, SettlementPage } from "../types";
import { listAccount, type LedgerCancellation, type LedgerPayment } from "./ledger";

/** How the sandbox answers from its ledger: the same record gives the same answer, whoever asks. */
export function sandboxResponse(body: Record<string, unknown>): string {
  return JSON.stringify({ provider: "SANDBOX", ...body });
}

export function paymentLookup(p: LedgerPayment, now: number): PaymentLookup {
  if (now < p.completes_at) return { status: "IN_PROGRESS" };
  if (p.status === "DECLINED")
    return {
      status: "DECLINED",
      failure: {
        ok: false,
        pgCode: p.decline_code ?? "DECLINED",
        pgMessage: p.decline_message ?? "declined (sandbox)",
      },
    };
  if (p.method === "VIRTUAL_ACCOUNT") {
    const issue = {
      ok: true as const,
      pgTxId: p.pg_tx_id,
      bank: p.bank ?? "",
      accountNumber: p.account_number ?? "",
      accountType: (p.account_type ?? "NORMAL") as "NORMAL" | "FIXED",
      remitteeName: p.remittee_name ?? "",
      expiredAt: p.expires_at ?? 0,
      pgResponse: sandboxResponse({
        result: "ISSUED",
        pg_tx_id: p.pg_tx_id,
        bank: p.bank,
        account_number: p.account_number,
        amount: p.amount,
        tax_free_amount: p.tax_free_amount,
        currency: p.currency,
      }),
    };
    return { status: "VIRTUAL_ACCOUNT_ISSUED", issue, deposited: p.status === "DEPOSITED" };
  }
  const approval = {
    ok: true as const,
    pgTxId: p.pg_tx_id,
    approvalNumber: p.approval_number ?? "",
    card: p.card ? (JSON.parse(p.card) as CardInfo) : undefined,
    pgResponse: sandboxResponse({
      result: "APPROVED",
      pg_tx_id: p.pg_tx_id,
      approval_number: p.approval_number,
      amount: p.amount,
      tax_free_amount: p.tax_free_amount,
      ...(p.vat_amount === null ? {} : { vat_amount: p.vat_amount }),
      currency: p.currency,
    }),
  };
  return {
    status: "APPROVED",
    approval,
    amount: p.amount,
    cancelledAmount: p.cancelled_amount,
    taxFreeAmount: p.tax_free_amount,
  };
}

export function cancellationLookup(c: LedgerCancellation, now: number): CancellationLookup {
  if (now < c.completes_at) return { status: "IN_PROGRESS" };
  if (c.status === "REFUSED")
    return {
      status: "REFUSED",
      failure: {
        ok: false,
        pgCode: c.refusal_code ?? "CANCEL_REFUSED",
        pgMessage: c.refusal_message ?? "refused (sandbox)",
      },
    };
  const pgResponse = sandboxResponse({
    result: "CANCELLED",
    pg_tx_id: c.pg_tx_id,
    pg_cancellation_id: c.pg_cancellation_id,
    amount: c.amount,
    tax_free_amount: c.tax_free_amount,
  });
  return {
    status: "SUCCEEDED",
    cancelled: { ok: true, pgCancellationId: c.pg_cancellation_id, pgResponse },
    amount: c.amount,
  };
}

function paymentEntry(p: LedgerPayment, now: number): SettlementEntry {
  return {
    type: "PAYMENT",
    txId: p.order_id,
    pgTxId: p.pg_tx_id,
    method: p.method,
    status: now < p.completes_at ? "IN_PROGRESS" : p.status,
    amount: p.amount,
    cancelledAmount: p.cancelled_amount,
    taxFreeAmount: p.tax_free_amount,
    currency: p.currency,
    at: p.received_at,
  };
}

function cancellationEntry(c: LedgerCancellation, now: number): SettlementEntry {
  return {
    type: "CANCELLATION",
    cancellationId: c.cancel_id,
    pgCancellationId: c.pg_cancellation_id,
    txId: c.order_id,
    pgTxId: c.pg_tx_id,
    status: now < c.completes_at ? "IN_PROGRESS" : c.status,
    amount: c.amount,
    currency: c.currency,
    at: c.received_at,
  };
}

export async function settlementPage(
  pgMerchantId: string,
  from: number,
  to: number,
  cursor: string | null | undefined,
  limit: number,
): Promise<SettlementPage> {
  const now = Date.now();
  const { rows, nextCursor } = await listAccount(pgMerchantId, from, to, cursor, Math.min(Math.max(limit, 1), 1000));
  return {
    entries: rows.map((r) => (r.payment ? paymentEntry(r.payment, now) : cancellationEntry(r.cancellation!, now))),
    nextCursor,
  };
}
