import type { Actor } from "@/lib/audit/actor";
import { instantPayBody } from "@/lib/payments/schema";
import { createMerchant } from "@/lib/tenancy/create-merchant";
import { cardPayment } from "./test-card";

/**
 * For benchmarks that call the verbs in their own process: import it dynamically, once DATABASE_URL
 * and DATA_DIR are set (its imports open the database's modules).
 */

/** The API key the in-process benchmarks act as (audited, as every API request is). */
export const BENCH_API_KEY = {
  type: "API_KEY",
  id: "key_bench",
  name: "Bench (sk_bench…)",
  ip: "127.0.0.1",
} as const satisfies Actor;

/** A new merchant (the admin CLI's defaults): its API caller context and its test channel's key. */
export async function inProcessMerchant(name: string) {
  const merchant = await createMerchant({ name });
  const ctx = {
    merchantId: merchant.merchant_id,
    storeId: merchant.store_id,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "API" as const, ip_address: "127.0.0.1" },
  };
  const channelKey = merchant.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key;
  return { merchant, ctx, channelKey };
}

/** The instant-pay verb's input for a test-card payment (without its payment_id). */
export function cardPaymentInput(channelKey: string) {
  return instantPayBody.parse(cardPayment(channelKey));
}
