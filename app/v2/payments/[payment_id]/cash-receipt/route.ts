import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { cancelCashReceipt } from "@/lib/cash-receipts/cancel-cash-receipt";
import { getCashReceipt } from "@/lib/cash-receipts/get-cash-receipt";
import { issueCashReceipt } from "@/lib/cash-receipts/issue-cash-receipt";
import { issueCashReceiptBody, paymentParams, storeQuery } from "@/lib/cash-receipts/schema";

export const GET = apiRoute(
  { family: "payment", auth: "token", params: paymentParams, query: storeQuery },
  ({ ctx, params, query }) => getCashReceipt({ ctx, input: { ...query, payment_id: params.payment_id } }),
);

export const POST = apiRoute(
  { family: "payment", auth: "token", params: paymentParams, body: issueCashReceiptBody },
  ({ ctx, params, body }) => issueCashReceipt({ ctx, input: { ...body, payment_id: params.payment_id } }),
);

export const DELETE = apiRoute(
  { family: "payment", auth: "token", params: paymentParams, query: storeQuery },
  ({ ctx, params, query }) => cancelCashReceipt({ ctx, input: { ...query, payment_id: params.payment_id } }),
);

export const { PUT, PATCH, OPTIONS } = otherMethods({ GET, POST, DELETE });
