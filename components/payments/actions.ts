"use server";

import { z } from "zod";
import { callerId } from "@/lib/schema/fields";
import { dashboardAction } from "@/lib/dashboard/action";
import { issueReceiptForPayment } from "@/lib/cash-receipts/issue-receipt-for-payment";
import { receiptFromPaymentInput } from "@/lib/cash-receipts/schema";
import { cancelPayment } from "@/lib/payments/cancel/cancel-payment";
import { completeEscrow } from "@/lib/payments/escrow/complete-escrow";
import { getPaymentDetail } from "@/lib/dashboard/payment-detail";
import { instantPay } from "@/lib/payments/pay/instant-pay";
import { listDashboardPayments } from "@/lib/search/search-payments";
import { dashboardPaymentsQuery } from "@/lib/search/schema";
import { noticeVirtualAccountDeposit } from "@/lib/payments/virtual-account/notice-virtual-account-deposit";
import { registerEscrowLogistics } from "@/lib/payments/escrow/register-escrow-logistics";
import { cancelBody, escrowLogisticsBody, instantPayBody } from "@/lib/payments/schema";
import { voidVirtualAccount } from "@/lib/payments/virtual-account/void-virtual-account";

/**
 * The payments area's server actions: the API's own service verbs and schemas, always acting on
 * the store chosen in the switcher.
 */
const byId = z.object({ payment_id: callerId });

/** The payments page: the API's filters on the switcher's store, or a full-text search across the user's stores. */
export const listPaymentsAction = dashboardAction({ write: false, input: dashboardPaymentsQuery }, ({ ctx, input }) =>
  listDashboardPayments({ ctx, input }),
);

export const getPaymentAction = dashboardAction({ write: false, input: byId }, ({ ctx, input }) =>
  getPaymentDetail({ ctx, input }),
);

export const instantPayAction = dashboardAction(
  { write: true, input: z.object({ payment_id: callerId, body: instantPayBody }) },
  ({ ctx, input }) =>
    instantPay({ ctx, input: { ...input.body, store_id: ctx.storeId, payment_id: input.payment_id } }),
);

export const cancelPaymentAction = dashboardAction(
  { write: true, input: cancelBody.extend({ payment_id: callerId }) },
  async ({ ctx, input }) => {
    const result = await cancelPayment({ ctx, input: { ...input, store_id: ctx.storeId } });
    return { cancellation_id: result.cancellation_id, payment: result.payment };
  },
);

export const simulateDepositAction = dashboardAction(
  { write: true, input: byId },
  async ({ ctx, input }) =>
    (await noticeVirtualAccountDeposit({ ctx, input: { ...input, store_id: ctx.storeId } })).payment,
);

export const voidVirtualAccountAction = dashboardAction(
  { write: true, input: byId },
  async ({ ctx, input }) => (await voidVirtualAccount({ ctx, input: { ...input, store_id: ctx.storeId } })).payment,
);

export const registerEscrowAction = dashboardAction(
  { write: true, input: z.object({ payment_id: callerId, body: escrowLogisticsBody }) },
  ({ ctx, input }) =>
    registerEscrowLogistics({ ctx, input: { ...input.body, store_id: ctx.storeId, payment_id: input.payment_id } }),
);

export const completeEscrowAction = dashboardAction({ write: true, input: byId }, ({ ctx, input }) =>
  completeEscrow({ ctx, input: { ...input, store_id: ctx.storeId } }),
);

/** A cash receipt for this (virtual-account or transfer) payment, amounts from the payment. */
export const issueReceiptForPaymentAction = dashboardAction(
  { write: true, input: receiptFromPaymentInput },
  ({ ctx, input }) => issueReceiptForPayment({ ctx, input }),
);
