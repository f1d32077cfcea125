import { describe, expect, it } from "vitest";
import type { WirePayment, WireTransaction } from "@/lib/payments/serialize";
import { buildTimeline } from "./timeline";

const tx = (patch: Partial<WireTransaction>): WireTransaction =>
  ({
    id: "tx_2",
    is_primary: true,
    status: "PARTIAL_CANCELLED",
    order_name: "Desk",
    requested_at: "2026-01-01T00:00:00.000Z",
    status_updated_at: "2026-01-01T00:05:00.000Z",
    updated_at: "2026-01-01T00:05:00.000Z",
    method: "CARD",
    amount: {
      currency: "KRW",
      total: 15000,
      tax_free: 0,
      vat: 1364,
      supply: 13636,
      discount: 0,
      paid: 15000,
      cancelled: 5000,
      cancelled_tax_free: 0,
    },
    notifications: [],
    cancellations: [],
    ...patch,
  }) as WireTransaction;

describe("payment timeline", () => {
  it("merges every transaction's steps newest first, each linking to its detail", () => {
    const payment: WirePayment = {
      id: "order-1",
      merchant_id: "m",
      store_id: "s",
      transactions: [
        tx({
          id: "tx_1",
          is_primary: false,
          status: "FAILED",
          requested_at: "2025-12-31T23:00:00.000Z",
          failed_at: "2025-12-31T23:00:01.000Z",
          failure: { reason: undefined, pg_code: "CARD_DECLINED", pg_message: "declined by issuer" },
        }),
        tx({
          paid_at: "2026-01-01T00:00:02.000Z",
          cancellations: [
            {
              id: "cx_1",
              cancel_amount: 5000,
              tax_free_amount: 0,
              easy_pay_discount_amount: undefined,
              reason: "too big",
              status: "SUCCEEDED",
              requested_at: "2026-01-01T00:04:00.000Z",
              cancelled_at: "2026-01-01T00:04:01.000Z",
              pg_cancellation_id: "",
            },
          ],
          notifications: [
            {
              webhook: {
                id: "att_1",
                status: "SUCCEEDED",
                type: "PAID",
                url: "https://shop.example/hook",
                request: { requested_at: "2026-01-01T00:00:03.000Z" },
                response: { code: "200" },
                current_execution: 1,
              },
            },
          ],
          cash_receipt: {
            issue_number: "123",
            status: "ISSUED",
            issued_at: "2026-01-01T00:00:02.500Z",
            receipt_url: "https://x/receipts/abc",
          },
        }),
      ],
    };
    const events = buildTimeline(payment, { att_1: "msg_1" });
    expect(events.map((e) => e.kind)).toEqual([
      "refundSettled",
      "refundRequested",
      "webhook",
      "receiptIssued",
      "approved",
      "requested",
      "failed",
      "requested",
    ]);
    expect(events.find((e) => e.kind === "failed")).toMatchObject({
      vars: { code: "CARD_DECLINED", reason: "declined by issuer" },
      href: "#tx-tx_1",
      tone: "bad",
    });
    expect(events.find((e) => e.kind === "webhook")).toMatchObject({
      href: "/dashboard/webhooks?delivery=msg_1",
      vars: { event: "PAID", code: "200" },
    });
    expect(events.find((e) => e.kind === "refundSettled")).toMatchObject({
      href: "#cancellation-cx_1",
      vars: { amount: 5000, reason: "too big" },
    });
    expect(events.find((e) => e.kind === "receiptIssued")).toMatchObject({
      href: "https://x/receipts/abc",
      external: true,
    });
  });

  it("tells a virtual-account deposit apart from a card approval", () => {
    const events = buildTimeline({
      id: "va",
      merchant_id: "m",
      store_id: "s",
      transactions: [
        tx({
          method: "VIRTUAL_ACCOUNT",
          paid_at: "2026-01-02T00:00:00.000Z",
          payment_method_detail: {
            virtual_account: {
              bank_code: "KOOKMIN_BANK",
              account_number: "123",
              issued_at: "2026-01-01T00:00:01.000Z",
            },
          },
        }),
      ],
    });
    expect(events.map((e) => e.kind)).toEqual(["deposited", "vaIssued", "requested"]);
  });

  it("shows where a deposit's transfer back stands: pending as a warning, failed as bad, completed as good", () => {
    const refundAt = (status: string) =>
      buildTimeline({
        id: "va",
        merchant_id: "m",
        store_id: "s",
        transactions: [
          tx({
            method: "VIRTUAL_ACCOUNT",
            paid_at: "2026-01-02T00:00:00.000Z",
            payment_method_detail: {
              virtual_account: { refund_status: status, refund_status_updated_at: "2026-01-03T00:00:00.000Z" },
            },
          }),
        ],
      }).find((e) => e.kind === "accountRefund");
    expect(refundAt("PENDING")).toMatchObject({ tone: "warn", vars: { status: "PENDING" }, href: "#method-detail" });
    expect(refundAt("FAILED")).toMatchObject({ tone: "bad" });
    expect(refundAt("COMPLETED")).toMatchObject({ tone: "good", at: "2026-01-03T00:00:00.000Z" });
  });

  it("shows the routing decision of attempts made through a channel group, and each failover with its cause", () => {
    const channel = (name: string, key: string) => ({
      id: key,
      name,
      key,
      type: "LIVE",
      pg_provider: "X",
      pg_merchant_id: "m",
    });
    const payment = {
      id: "order-2",
      merchant_id: "m",
      store_id: "s",
      transactions: [
        tx({
          id: "tx_a",
          is_primary: false,
          status: "FAILED",
          requested_at: "2026-01-01T00:00:00.000Z",
          channel: channel("Toss live", "ch-toss"),
        }),
        tx({
          id: "tx_b",
          status: "PAID",
          requested_at: "2026-01-01T00:00:01.000Z",
          paid_at: "2026-01-01T00:00:02.000Z",
          channel: channel("NICE live", "ch-nice"),
        }),
      ],
    } as unknown as WirePayment;
    const base = { group_key: "g", group_name: "Cards", rule: null, total_weight: 100, skipped: [] };
    const events = buildTimeline(
      payment,
      {},
      {
        tx_a: { ...base, channel_key: "ch-toss", weight: 70, try: 1 },
        tx_b: {
          ...base,
          channel_key: "ch-nice",
          weight: 30,
          try: 2,
          failover_after: { transaction_id: "tx_a", channel_key: "ch-toss", cause: "connection_refused" },
        },
      },
    );
    const routed = events.find((e) => e.kind === "routed");
    expect(routed).toMatchObject({
      txId: "tx_a",
      vars: { group: "Cards", channel: "Toss live", weight: 70, total: 100 },
    });
    const failedOver = events.find((e) => e.kind === "failedOver");
    expect(failedOver).toMatchObject({
      txId: "tx_b",
      tone: "warn",
      vars: { channel: "NICE live", from: "Toss live", cause: "connection_refused", try: 2 },
    });
    // A payment that named a channel has no routing step.
    expect(buildTimeline(payment).some((e) => e.kind === "routed" || e.kind === "failedOver")).toBe(false);
  });
});
