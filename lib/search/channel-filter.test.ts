import { describe, expect, it } from "vitest";
import { createChannelGroup } from "@/lib/routing/groups";
import { dashboardContextOf } from "@/lib/testing/dashboard-context";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";
import { dashboardPaymentsQuery } from "./schema";
import { listDashboardPayments } from "./search-payments";

describe("the payments page by the channel a payment was actually made on", () => {
  it("finds a group's payment under the channel it failed over to, not the one it tried first", async () => {
    const m = inProcess(await newMerchant());
    const key = (pg: string) => m.channels.find((c) => c.pg_provider === pg)!.key;
    const ctx = dashboardContextOf(m, [m.store_id]);
    const group = await createChannelGroup({
      ctx,
      input: {
        name: "Failover",
        targets: [
          { channel_key: key("TOSSPAYMENTS"), weight: 1 },
          { channel_key: key("KCP"), weight: 0 },
        ],
        rules: [],
      },
    });
    const direct = newPaymentId();
    const routed = newPaymentId();
    expect((await m.api.post(`/v2/payments/${direct}/instant/pay`, cardPayBody(m))).status).toBe(200);
    const res = await m.api.post(
      `/v2/payments/${routed}/instant/pay`,
      cardPayBody(m, undefined, { channel_key: group.key, order_name: "Order [sandbox:network@tosspayments]" }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = async (query: Record<string, unknown>) =>
      (await listDashboardPayments({ ctx, input: dashboardPaymentsQuery.parse(query) })).payments.map((p) => p.id);

    expect(await list({ channel_keys: key("KCP") })).toEqual([routed]);
    expect(await list({ channel_keys: key("TOSSPAYMENTS") })).toEqual([direct]);
    expect((await list({ channel_keys: `${key("KCP")},${key("TOSSPAYMENTS")}` })).sort()).toEqual(
      [direct, routed].sort(),
    );
    // Another merchant's channel key matches nothing here.
    const other = await newMerchant();
    expect(await list({ channel_keys: other.channels[0]!.key })).toEqual([]);
  });
});
