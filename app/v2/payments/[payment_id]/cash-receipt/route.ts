import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { cancelCashReceipt } from "@/lib/cash-receipts/cancel";
import { issueCashReceipt } from "@/lib/cash-receipts/issue";
import { getCashReceipt } from "@/lib/cash-receipts/read";
import { issueCashReceiptBody, paymentParams, storeQuery } from "@/lib/cash-receipts/schema";

export const GET = apiRoute({ family: "payment", auth: "token", params: paymentParams, query: storeQuery }, ({ ctx, params, query }) =>
  getCashReceipt({ ctx, paymentId: params.payment_id, input: query }),
);

export const POST = apiRoute({ family: "payment", auth: "token", params: paymentParams, body: issueCashReceiptBody }, ({ ctx, params, body }) =>
  issueCashReceipt({ ctx, paymentId: params.payment_id, input: body }),
);

export const DELETE = apiRoute({ family: "payment", auth: "token", params: paymentParams, query: storeQuery }, ({ ctx, params, query }) =>
  cancelCashReceipt({ ctx, paymentId: params.payment_id, input: query }),
);

export const { PUT, PATCH, OPTIONS } = otherMethods({ GET, POST, DELETE });
