import { describe, expect, it } from "vitest";
import type { DashboardContext } from "@/lib/dashboard/context";
import { withTransaction } from "@/lib/db/client";
import { dashboardContextOf } from "@/lib/testing/dashboard-context";
import { newMerchant } from "@/lib/testing/fixtures";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { insertStore } from "@/lib/tenancy/insert-store";
import { exportDashboardPayments } from "./export-dashboard-payments";
import { dashboardPaymentsQuery } from "./schema";

const ctxOf = dashboardContextOf;

async function exported(ctx: DashboardContext, query: Record<string, unknown>) {
  const lines = await exportDashboardPayments({
    ctx,
    input: { query: dashboardPaymentsQuery.parse(query), locale: "en", timeZone: "Asia/Seoul" },
  });
  let text = "";
  for await (const chunk of lines) text += chunk;
  return text.trimEnd().split("\r\n");
}

describe("dashboard CSV export", () => {
  it("exports the page's view: its store scope and search, never another store of a store-limited user", async () => {
    const m = await newMerchant();
    const second = await withTransaction((tx) =>
      insertStore(tx, { merchantId: m.merchant_id, name: "Second", isDefault: false }),
    );
    const here = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, orderName: "Walnut desk" });
    const there = await createPayment({ merchantId: m.merchant_id, storeId: second.id, orderName: "Oak desk" });
    await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, orderName: "Lamp" });
    const owner = ctxOf(m, [m.store_id, second.id]);

    const all = await exported(owner, { q: "desk" });
    expect(all).toHaveLength(3); // header + both desks, from both stores (a search looks through every store)
    expect(all.slice(1).join("\n")).toContain(here.payment_id);
    expect(all.slice(1).join("\n")).toContain(there.payment_id);
    expect(await exported(owner, { q: "desk", scope: "store" })).toHaveLength(2);
    // Without a search the view is the switcher's store, every payment of it.
    expect(await exported(owner, {})).toHaveLength(3);

    const limited = { ...ctxOf(m, [second.id], true), storeId: second.id };
    const own = await exported(limited, { q: "desk", scope: "all" });
    expect(own).toHaveLength(2);
    expect(own[1]).toContain(there.payment_id);
  });
});
