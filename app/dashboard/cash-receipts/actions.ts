"use server";

import { z } from "zod";
import { cancelCashReceipt } from "@/lib/cash-receipts/cancel";
import { issueCashReceipt } from "@/lib/cash-receipts/issue";
import { listCashReceipts } from "@/lib/cash-receipts/read";
import { dashboardIssueInput, dashboardPaymentInput, listCashReceiptsInput } from "@/lib/cash-receipts/schema";
import { getDb } from "@/lib/db/client";
import { dashboardAction } from "@/lib/dashboard/action";

/** Dashboard actions call the same service verbs as the API, on the store chosen in the switcher. */
export const listCashReceiptsAction = dashboardAction({ write: false, input: listCashReceiptsInput }, ({ ctx, input }) => listCashReceipts({ ctx, input }));

export const paymentChannelsAction = dashboardAction({ write: false, input: z.object({}) }, ({ ctx }) =>
  getDb()
    .selectFrom("channels")
    .select(["key", "name", "type", "pg_provider"])
    .where("merchant_id", "=", ctx.merchantId)
    .where("store_id", "=", ctx.storeId)
    .where("is_for_payment", "=", 1)
    .orderBy("created_at")
    .execute(),
);

export const issueCashReceiptAction = dashboardAction({ write: true, input: dashboardIssueInput }, ({ ctx, input }) => {
  const { payment_id, ...body } = input;
  return issueCashReceipt({ ctx, paymentId: payment_id, input: { ...body, store_id: ctx.storeId } });
});

export const cancelCashReceiptAction = dashboardAction({ write: true, input: dashboardPaymentInput }, ({ ctx, input }) =>
  cancelCashReceipt({ ctx, paymentId: input.payment_id, input: { store_id: ctx.storeId } }),
);
