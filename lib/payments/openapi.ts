import { z } from "zod";
import type { Operation } from "@/lib/api/openapi-types";
import { instantPayBody, instantPayResponse, paymentPathParams, storeQuery } from "./schema";

const payment = z.object({ id: z.string(), merchant_id: z.string(), store_id: z.string(), transactions: z.array(z.record(z.string(), z.unknown())) });
const base = { tag: "payments", family: "payment", auth: "token", params: paymentPathParams } as const;

export const paymentOperations: Operation[] = [
  { ...base, method: "get", path: "/v2/payments/{payment_id}", summary: "Read one payment", query: storeQuery, response: z.object({ payment }), errors: [404] },
  { ...base, method: "post", path: "/v2/payments/{payment_id}/instant/pay", summary: "Key-in card payment or virtual-account issuance", body: instantPayBody, response: instantPayResponse, errors: [400, 403, 404] },
];
