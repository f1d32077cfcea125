import { z } from "zod";
import { wireCardDetail, wireChannel, wireCustomer, wireOrigin } from "@/lib/api/wire-records";

/** Response shapes for the OpenAPI document (the serializers produce them). */
const billingKeyMethodDetail = z.object({
  card: z.object({ detail: wireCardDetail }).optional(),
  mobile: z.object({ carrier: z.enum(["SKT", "KT", "LGU", "HELLO", "KCT", "SK7"]).optional(), phone_number: z.string().optional() }).optional(),
  easy_pay: z.object({ provider: z.string() }).optional(),
});

export const billingKeyResponse = z.object({
  billing_key: z.string(),
  merchant_id: z.string(),
  store_id: z.string(),
  channel: wireChannel,
  origin: wireOrigin.optional(),
  customer: wireCustomer,
  issued_at: z.string().optional(),
  custom_data: z.string().optional(),
  issue_id: z.string().optional(),
  issue_name: z.string().optional(),
  payment_method_detail: billingKeyMethodDetail,
  status: z.enum(["ISSUED", "DELETED", "FAILED"]),
  deleted_at: z.string().optional(),
});

export const issueBillingKeyResponse = z.object({ billing_key: z.string(), customer_id: z.string(), requested_at: z.string(), issued_at: z.string() });
export const getBillingKeyResponse = z.object({ billing_key: billingKeyResponse });
export const listBillingKeysResponse = z.object({
  billing_keys: z.array(billingKeyResponse),
  current_page: z.number().int().optional(),
  total_page: z.number().int().optional(),
  total_count: z.number().int().optional(),
});
export const deleteBillingKeyResponse = z.object({ deleted_at: z.string() });
export const billingKeyPayResponse = z.object({ tx_id: z.string(), customer_id: z.string().optional(), requested_at: z.string(), paid_at: z.string(), pg_tx_id: z.string() });
