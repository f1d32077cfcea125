import type { AuthContext } from "@/lib/auth/context";
import { listStoreChannels } from "@/lib/channels/repository";
import { cancelCashReceipt } from "./cancel-cash-receipt";
import { issueCashReceipt } from "./issue-cash-receipt";

/** Sample cash receipts for the demo merchant: one for a paid demo payment, one offline sale, one cancelled. */
export async function seedDemoCashReceipts(demo: { merchantId: string; storeId: string }): Promise<void> {
  const ctx: AuthContext = {
    merchantId: demo.merchantId,
    storeId: demo.storeId,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "API", ip_address: "127.0.0.1", user_agent: "demo-seeder" },
  };
  const channel = (await listStoreChannels(demo.merchantId, demo.storeId)).find((c) => c.is_for_payment === 1);
  if (!channel) return;
  const base = {
    channel_key: channel.key,
    currency: "KRW",
    customer_identifier: "01012345678",
    type: "PERSONAL" as const,
  };
  // The paid demo payment, if the payments seeder made it (amount within what was paid).
  await issueCashReceipt({
    ctx,
    input: { ...base, payment_id: "demo-order-1001", order_name: "Ceramic mug set", amount: 39000 },
  }).catch(() => undefined);
  await issueCashReceipt({
    ctx,
    input: {
      ...base,
      payment_id: "demo-offline-2001",
      type: "CORPORATE",
      customer_identifier: "1234567890",
      order_name: "Catering (paid in cash)",
      amount: 220000,
      customer_name: "Demo Corp",
    },
  });
  await issueCashReceipt({
    ctx,
    input: {
      ...base,
      payment_id: "demo-offline-2002",
      order_name: "Gift wrapping",
      amount: 5000,
      product_type: "REAL",
    },
  });
  await cancelCashReceipt({ ctx, input: { payment_id: "demo-offline-2002" } });
}
