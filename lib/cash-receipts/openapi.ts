import type { Operation } from "@/lib/schema/openapi-types";
import {
  cancelCashReceiptResponse,
  getCashReceiptResponse,
  issueCashReceiptBody,
  issueCashReceiptResponse,
  paymentParams,
  storeQuery,
} from "./schema";

const base = {
  path: "/v2/payments/{payment_id}/cash-receipt",
  tag: "cash-receipts",
  family: "payment",
  auth: "token",
  params: paymentParams,
} as const;

export const cashReceiptOperations: Operation[] = [
  {
    ...base,
    method: "get",
    operationId: "getCashReceipt",
    summary: "Get a payment's cash receipt",
    query: storeQuery,
    response: getCashReceiptResponse,
    errors: [404],
  },
  {
    ...base,
    method: "post",
    operationId: "issueCashReceipt",
    summary: "Issue a cash receipt (manual issuance)",
    body: issueCashReceiptBody,
    response: issueCashReceiptResponse,
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "delete",
    operationId: "cancelCashReceipt",
    summary: "Cancel a payment's cash receipt",
    query: storeQuery,
    response: cancelCashReceiptResponse,
    errors: [400, 404],
  },
];
