import type { Operation } from "@/lib/schema/openapi-types";
import {
  billingKeyParams,
  billingKeyPayBody,
  billingKeyPayResponse,
  deleteBillingKeyResponse,
  getBillingKeyResponse,
  issueBillingKeyBody,
  issueBillingKeyResponse,
  listBillingKeysQuery,
  listBillingKeysResponse,
  paymentParams,
  storeQuery,
} from "./schema";

const base = { tag: "billing keys", family: "payment", auth: "token" } as const;

export const billingKeyOperations: Operation[] = [
  {
    ...base,
    method: "get",
    path: "/v2/billing-keys",
    summary: "Get billing keys by id, or list the store's keys (paged)",
    query: listBillingKeysQuery,
    response: listBillingKeysResponse,
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "post",
    path: "/v2/billing-keys",
    summary: "Issue a billing key from a card or a mobile phone",
    body: issueBillingKeyBody,
    response: issueBillingKeyResponse,
    errors: [400, 403, 404],
  },
  {
    ...base,
    method: "get",
    path: "/v2/billing-keys/{billing_key}",
    summary: "Get a billing key",
    params: billingKeyParams,
    query: storeQuery,
    response: getBillingKeyResponse,
    errors: [404],
  },
  {
    ...base,
    method: "delete",
    path: "/v2/billing-keys/{billing_key}",
    summary: "Delete a billing key",
    params: billingKeyParams,
    query: storeQuery,
    response: deleteBillingKeyResponse,
    errors: [400, 404],
  },
  {
    ...base,
    tag: "payments",
    method: "post",
    path: "/v2/payments/{payment_id}/billing-key/pay",
    summary: "Pay with a billing key",
    params: paymentParams,
    body: billingKeyPayBody,
    response: billingKeyPayResponse,
    errors: [400, 403, 404],
  },
];
