import type { WirePayment } from "@/lib/payments/serialize";
import type { RoutingRecord } from "@/lib/routing/schema";

/**
 * One payment's history, every transaction merged: requests, approvals and failures (with the
 * provider's reason), virtual-account issue and deposit, escrow steps, each refund requested and
 * settled, where a deposit's transfer back stands, cash receipts and every webhook attempt — newest first. Pure, so the page and its test
 * share it; labels are message keys with their values.
 */
export type TimelineEvent = {
  at: string;
  kind:
    | "routed"
    | "failedOver"
    | "requested"
    | "approved"
    | "failed"
    | "vaIssued"
    | "deposited"
    | "refundRequested"
    | "refundSettled"
    | "refundFailed"
    | "accountRefund"
    | "escrowRegistered"
    | "escrowCompleted"
    | "receiptIssued"
    | "receiptCancelled"
    | "webhook";
  tone: "neutral" | "good" | "bad" | "warn";
  vars: Record<string, string | number>;
  /** Where its detail is: an anchor on the page, the delivery log, the receipt page. */
  href?: string;
  external?: boolean;
  txId: string;
  /** Unique within the payment: the step's kind and what it happened to (transaction, cancellation, webhook). */
  key: string;
};

type Detail = {
  virtual_account?: {
    bank_code?: string;
    account_number?: string;
    issued_at?: string;
    refund_status?: string;
    refund_status_updated_at?: string;
  };
};
type Escrow = { status?: string; company?: string; invoice_number?: string; applied_at?: string };
type Receipt = {
  issue_number?: string;
  status?: string;
  issued_at?: string;
  cancelled_at?: string;
  receipt_url?: string;
  amount?: number;
};
type Notification = {
  id: string;
  status: string;
  type: string;
  url: string;
  request?: { requested_at?: string };
  response?: { code?: string };
  current_execution?: number;
};

/** A Transaction's `notifications` item: `{webhook: Webhook}` (CONTRACT §9). */
export const webhookOf = (item: unknown): Notification =>
  (item as { webhook?: Notification }).webhook ?? (item as Notification);

/**
 * `routingOf`: why each attempt made through a channel group went to its channel (lib/routing),
 * by transaction id: the rule, the weight drawn and, for a failover, the try before and its cause.
 */
export function buildTimeline(
  payment: WirePayment,
  deliveryOf: Record<string, string> = {},
  routingOf: Record<string, RoutingRecord> = {},
): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  const nameOf = (channel: unknown) => (channel as { name?: string } | undefined)?.name;
  const channelName = (txId: string, key: string) =>
    nameOf(payment.transactions.find((t) => t.id === txId)?.channel) ?? key;
  for (const tx of payment.transactions) {
    const currency = tx.amount.currency;
    const push = (e: Omit<TimelineEvent, "txId" | "key"> | null, subjectId = tx.id) => {
      if (e?.at) events.push({ ...e, txId: tx.id, key: `${e.kind}:${subjectId}` });
    };
    const detail = (tx.payment_method_detail ?? {}) as Detail;
    const isVirtualAccount = detail.virtual_account !== undefined;
    const routing = routingOf[tx.id];
    if (routing) {
      const from = routing.failover_after;
      push({
        at: tx.requested_at,
        kind: from ? "failedOver" : "routed",
        tone: from ? "warn" : "neutral",
        vars: {
          group: routing.group_name,
          rule: routing.rule ?? "",
          channel: nameOf(tx.channel) ?? routing.channel_key,
          weight: routing.weight,
          total: routing.total_weight,
          try: routing.try,
          from: from ? channelName(from.transaction_id, from.channel_key) : "",
          cause: from?.cause ?? "",
          skipped: routing.skipped.length,
        },
        href: `#tx-${tx.id}`,
      });
    }
    push({
      at: tx.requested_at,
      kind: "requested",
      tone: "neutral",
      vars: { amount: tx.amount.total, currency, method: tx.method ?? "" },
      href: `#tx-${tx.id}`,
    });
    if (detail.virtual_account?.issued_at) {
      push({
        at: detail.virtual_account.issued_at,
        kind: "vaIssued",
        tone: "neutral",
        vars: { bank: detail.virtual_account.bank_code ?? "", account: detail.virtual_account.account_number ?? "" },
        href: "#method-detail",
      });
    }
    if (tx.paid_at)
      push({
        at: tx.paid_at,
        kind: isVirtualAccount ? "deposited" : "approved",
        tone: "good",
        vars: { amount: tx.amount.paid, currency },
        href: `#tx-${tx.id}`,
      });
    if (tx.status === "FAILED" && tx.failure) {
      push({
        at: tx.failed_at ?? tx.status_updated_at,
        kind: "failed",
        tone: "bad",
        vars: { code: tx.failure.pg_code ?? "", reason: tx.failure.pg_message ?? tx.failure.reason ?? "" },
        href: `#tx-${tx.id}`,
      });
    }
    const escrow = tx.escrow_detail as Escrow | undefined;
    if (escrow?.applied_at)
      push({
        at: escrow.applied_at,
        kind: "escrowRegistered",
        tone: "neutral",
        vars: { company: escrow.company ?? "", invoice: escrow.invoice_number ?? "" },
        href: "#escrow",
      });
    if (escrow?.status === "COMPLETED")
      push({ at: tx.updated_at, kind: "escrowCompleted", tone: "good", vars: {}, href: "#escrow" });
    for (const c of tx.cancellations ?? []) {
      const vars = { amount: c.cancel_amount, currency, reason: c.reason };
      const href = `#cancellation-${c.id}`;
      push({ at: c.requested_at ?? "", kind: "refundRequested", tone: "neutral", vars, href }, c.id);
      if (c.status === "SUCCEEDED" && c.cancelled_at)
        push({ at: c.cancelled_at, kind: "refundSettled", tone: "good", vars, href }, c.id);
      if (c.status === "FAILED")
        push({ at: c.cancelled_at ?? c.requested_at ?? "", kind: "refundFailed", tone: "bad", vars, href }, c.id);
    }
    const refund = detail.virtual_account;
    // Where the transfer back of a deposit stands at the PG (followed up until final).
    if (refund?.refund_status && refund.refund_status_updated_at)
      push({
        at: refund.refund_status_updated_at,
        kind: "accountRefund",
        tone: refund.refund_status === "COMPLETED" ? "good" : refund.refund_status === "PENDING" ? "warn" : "bad",
        vars: { status: refund.refund_status },
        href: "#method-detail",
      });
    const receipt = tx.cash_receipt as Receipt | undefined;
    if (receipt?.issued_at)
      push({
        at: receipt.issued_at,
        kind: "receiptIssued",
        tone: "neutral",
        vars: { number: receipt.issue_number ?? "" },
        href: receipt.receipt_url,
        external: true,
      });
    if (receipt?.status === "CANCELLED" && receipt.cancelled_at)
      push({
        at: receipt.cancelled_at,
        kind: "receiptCancelled",
        tone: "warn",
        vars: { number: receipt.issue_number ?? "" },
        href: receipt.receipt_url,
        external: true,
      });
    for (const n of (tx.notifications ?? []).map(webhookOf)) {
      const delivery = deliveryOf[n.id];
      push(
        {
          at: n.request?.requested_at ?? "",
          kind: "webhook",
          tone: n.status === "SUCCEEDED" ? "good" : "bad",
          vars: {
            event: n.type,
            url: n.url,
            status: n.status,
            code: n.response?.code ?? "",
            attempt: n.current_execution ?? 1,
          },
          href: delivery ? `/dashboard/webhooks?delivery=${encodeURIComponent(delivery)}` : undefined,
        },
        n.id,
      );
    }
  }
  // Newest first; at equal times the order the steps happen in.
  const order = [
    "routed",
    "failedOver",
    "requested",
    "vaIssued",
    "approved",
    "deposited",
    "failed",
    "escrowRegistered",
    "escrowCompleted",
    "refundRequested",
    "refundSettled",
    "refundFailed",
    "accountRefund",
    "receiptIssued",
    "receiptCancelled",
    "webhook",
  ];
  return events.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || order.indexOf(b.kind) - order.indexOf(a.kind));
}
