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
    customer_identifier: "01023456789",
    type: "PERSONAL" as const,
  };
  // The deposited virtual-account payment (cash-type), if the payments seeder made it.
  await issueCashReceipt({
    ctx,
    input: { ...base, payment_id: "demo-order-1005", order_name: "유기농 원두 1kg", amount: 28000 },
  }).catch(() => undefined);
  await issueCashReceipt({
    ctx,
    input: {
      ...base,
      payment_id: "demo-offline-2001",
      type: "CORPORATE",
      customer_identifier: "1234567890",
      order_name: "케이터링 (현금 결제)",
      amount: 220000,
      customer_name: "(주)데모",
    },
  });
  await issueCashReceipt({
    ctx,
    input: {
      ...base,
      payment_id: "demo-offline-2002",
      order_name: "선물 포장",
      amount: 5000,
      product_type: "REAL",
    },
  });
  await cancelCashReceipt({ ctx, input: { payment_id: "demo-offline-2002" } });
}
