import { describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { dashboardContextOf } from "@/lib/testing/dashboard-context";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId, paidPayment } from "@/lib/testing/payments";
import { dashboardPaymentsQuery } from "./schema";
import { listDashboardPayments } from "./search-payments";

describe("failed-payment triage", () => {
  it("filters the payments page by the provider's failure reason", async () => {
    const m = await newMerchant();
    const paid = await paidPayment(m);
    const declined = newPaymentId();
    const poor = newPaymentId();
    await m.api.post(`/v2/payments/${declined}/instant/pay`, cardPayBody(m, SANDBOX_CARDS.DECLINED));
    await m.api.post(`/v2/payments/${poor}/instant/pay`, cardPayBody(m, SANDBOX_CARDS.INSUFFICIENT_FUNDS));
    const ctx = dashboardContextOf(m, [m.store_id]);
    const list = async (query: Record<string, unknown>) =>
      (await listDashboardPayments({ ctx, input: dashboardPaymentsQuery.parse(query) })).payments.map((p) => p.id);

    expect((await list({})).sort()).toEqual([paid, declined, poor].sort());
    expect(await list({ failure_codes: "CARD_DECLINED" })).toEqual([declined]);
    expect((await list({ failure_codes: "CARD_DECLINED,INSUFFICIENT_FUNDS" })).sort()).toEqual([declined, poor].sort());
    // An unknown reason is refused by the schema (it names the field), never passed to SQL.
    expect(dashboardPaymentsQuery.safeParse({ failure_codes: "DROP TABLE" }).error?.issues[0]?.path).toEqual([
      "failure_codes",
      0,
    ]);
  });
});
