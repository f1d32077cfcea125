import type { DashboardContext } from "@/lib/dashboard/context";

/** A signed-in owner's dashboard context over the given stores (the first is the default), for verb tests. */
export function dashboardContextOf(
  m: { merchant_id: string; store_id: string },
  stores: string[],
  storeLimited = false,
): DashboardContext {
  return {
    merchantId: m.merchant_id,
    storeId: m.store_id,
    storeLimited,
    hasHostingContract: true,
    origin: { platform_type: "PC", ip_address: "127.0.0.1", user_agent: "test" },
    role: "OWNER",
    userId: "u",
    sessionId: "ses_test",
    userName: "U",
    userEmail: "u@example.com",
    merchantName: "M",
    stores: stores.map((id, i) => ({ id, name: `Store ${i}`, is_default: i === 0 ? 1 : 0 })),
  };
}
