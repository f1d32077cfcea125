"use server";

import { z } from "zod";
import { DomainError } from "@/lib/api/error-codes";
import { dashboardAction } from "@/lib/dashboard/action";
import { listPayments } from "@/lib/payments/list";
import { listPaymentsQuery } from "@/lib/payments/list-schema";
import { loadPayment } from "@/lib/payments/repository";

/** The table: the API's list, always on the store chosen in the switcher. */
export const listPaymentsAction = dashboardAction({ write: false, input: listPaymentsQuery }, ({ ctx, input }) =>
  listPayments({ ctx, input: { ...input, store_id: ctx.storeId } }),
);

export const getPaymentAction = dashboardAction({ write: false, input: z.object({ payment_id: z.string().min(1) }) }, async ({ ctx, input }) => {
  const payment = await loadPayment(ctx.merchantId, { storeId: ctx.storeId, paymentId: input.payment_id });
  if (!payment) throw new DomainError("PAYMENT_NOT_FOUND", "no payment with this id in this store");
  return payment;
});
