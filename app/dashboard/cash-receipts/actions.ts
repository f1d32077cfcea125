"use server";

import { z } from "zod";
import { cancelCashReceipt } from "@/lib/cash-receipts/cancel";
import { issueCashReceipt } from "@/lib/cash-receipts/issue";
import { listCashReceipts } from "@/lib/cash-receipts/read";
import { dashboardIssueInput, dashboardPaymentInput, listCashReceiptsInput } from "@/lib/cash-receipts/schema";
import { listChannels } from "@/lib/channels/list-channels";
import { dashboardAction } from "@/lib/dashboard/action";

/** Dashboard actions call the same service verbs as the API, on the store chosen in the switcher. */
export const listCashReceiptsAction = dashboardAction({ write: false, input: listCashReceiptsInput }, ({ ctx, input }) => listCashReceipts({ ctx, input }));

export const paymentChannelsAction = dashboardAction({ write: false, input: z.object({}) }, async ({ ctx }) =>
  (await listChannels({ ctx, input: { purpose: "payment" } })).channels,
);

export const issueCashReceiptAction = dashboardAction({ write: true, input: dashboardIssueInput }, ({ ctx, input }) => {
  const { payment_id, ...body } = input;
  return issueCashReceipt({ ctx, paymentId: payment_id, input: { ...body, store_id: ctx.storeId } });
});

export const cancelCashReceiptAction = dashboardAction({ write: true, input: dashboardPaymentInput }, ({ ctx, input }) =>
  cancelCashReceipt({ ctx, paymentId: input.payment_id, input: { store_id: ctx.storeId } }),
);
