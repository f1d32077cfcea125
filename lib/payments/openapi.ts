import { z } from "zod";
import type { Operation } from "@/lib/schema/openapi-types";
import {
  listPaymentsQuery,
  listPaymentsResponse,
  scrollPaymentsQuery,
  scrollPaymentsResponse,
  wirePayment as payment,
} from "./read/schema";
import {
  cancelBody,
  escrowCompleteBody,
  escrowLogisticsBody,
  instantPayBody,
  instantPayResponse,
  paymentPathParams,
  storeQuery,
} from "./schema";

const base = { tag: "payments", family: "payment", auth: "token", params: paymentPathParams } as const;

export const paymentOperations: Operation[] = [
  {
    ...base,
    method: "get",
    path: "/v2/payments/{payment_id}",
    summary: "Read one payment",
    query: storeQuery,
    response: z.object({ payment }),
    errors: [404],
  },
  {
    ...base,
    method: "post",
    path: "/v2/payments/{payment_id}/instant/pay",
    summary: "Key-in card payment or virtual-account issuance",
    body: instantPayBody,
    response: instantPayResponse,
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "post",
    path: "/v2/payments/{payment_id}/cancel",
    summary: "Cancel a payment, fully or partly",
    query: storeQuery,
    body: cancelBody,
    response: z.object({ cancelled_tx_id: z.string(), cancellation_id: z.string(), payment }),
    errors: [400, 404],
  },
  {
    ...base,
    method: "delete",
    path: "/v2/payments/{payment_id}/virtual-account",
    summary: "Void an issued, undeposited virtual account",
    query: storeQuery,
    response: z.object({ payment }),
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "post",
    path: "/v2/test-payments/{payment_id}/notice-virtual-account-deposit",
    summary: "Simulate a deposit into a virtual account (TEST channels only)",
    query: storeQuery,
    response: z.object({ tx_id: z.string(), webhook_id: z.string().optional(), payment }),
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "post",
    path: "/v2/payments/{payment_id}/escrow/logis",
    summary: "Register or change an escrow payment's delivery",
    query: storeQuery,
    body: escrowLogisticsBody,
    response: z.object({
      company: z.string(),
      invoice_number: z.string(),
      sent_at: z.string(),
      applied_at: z.string(),
    }),
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "post",
    path: "/v2/payments/{payment_id}/escrow/complete",
    summary: "Confirm an escrow purchase",
    query: storeQuery,
    body: escrowCompleteBody,
    response: z.object({ completed_at: z.string() }),
    errors: [400, 403, 404],
  },
];

export const paymentListOperations: Operation[] = [
  {
    method: "get",
    path: "/v2/payments",
    summary: "List payments (paged, filtered)",
    tag: "payments",
    family: "payment",
    auth: "token",
    query: listPaymentsQuery,
    response: listPaymentsResponse,
    errors: [400, 403, 404],
  },
  {
    method: "get",
    path: "/v2/payments/scroll",
    summary: "Scroll payments by creation time",
    tag: "payments",
    family: "payment",
    auth: "token",
    query: scrollPaymentsQuery,
    response: scrollPaymentsResponse,
    errors: [400, 403, 404],
  },
];
