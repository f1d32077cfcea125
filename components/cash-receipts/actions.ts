"use server";

import { cancelCashReceipt } from "@/lib/cash-receipts/cancel-cash-receipt";
import { issueCashReceipt } from "@/lib/cash-receipts/issue-cash-receipt";
import { listCashReceipts } from "@/lib/cash-receipts/list-cash-receipts";
import { dashboardIssueInput, dashboardPaymentInput, listCashReceiptsInput } from "@/lib/cash-receipts/schema";
import { dashboardAction } from "@/lib/dashboard/action";

/** Dashboard actions call the same service verbs as the API, on the store chosen in the switcher. */
export const listCashReceiptsAction = dashboardAction(
  { write: false, input: listCashReceiptsInput },
  ({ ctx, input }) => listCashReceipts({ ctx, input }),
);

export const issueCashReceiptAction = dashboardAction({ write: true, input: dashboardIssueInput }, ({ ctx, input }) =>
  issueCashReceipt({ ctx, input: { ...input, store_id: ctx.storeId } }),
);

export const cancelCashReceiptAction = dashboardAction(
  { write: true, input: dashboardPaymentInput },
  ({ ctx, input }) => cancelCashReceipt({ ctx, input: { payment_id: input.payment_id, store_id: ctx.storeId } }),
);
