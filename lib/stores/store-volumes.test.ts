import { describe, expect, it } from "vitest";
import { transaction } from "@/lib/db/transaction";
import { dashboardContextOf } from "@/lib/testing/dashboard-context";
import { newMerchant } from "@/lib/testing/fixtures";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { insertStore } from "@/lib/tenancy/insert-store";
import { listStoreVolumes } from "./store-volumes";

describe("all-stores volumes", () => {
  it("gives each visible store its volume, count and approval rate, sorted, and nothing of other tenants", async () => {
    const m = await newMerchant({ hosting: true });
    const other = await newMerchant({ hosting: true });
    const second = await transaction((tx) =>
      insertStore(tx, { merchantId: m.merchant_id, name: "Second", isDefault: false }),
    );
    const at = (storeId: string) => ({ merchantId: m.merchant_id, storeId });
    await createPayment({ ...at(m.store_id), amount: 1_000 });
    await createPayment({ ...at(m.store_id), amount: 2_000 });
    await createPayment({ ...at(m.store_id), amount: 9_000, outcome: "FAILED" });
    await createPayment({ ...at(second.id), amount: 5_000 });
    await createPayment({ merchantId: other.merchant_id, storeId: other.store_id, amount: 777_000 });

    const ctx = dashboardContextOf(m, [m.store_id, second.id]);
    const input = { period: "7d", mode: "TEST", sort: "volume", desc: true, now: Date.now() + 1_000 } as const;
    const rows = await listStoreVolumes({ ctx, input });
    expect(rows.map((r) => [r.storeId, r.volume, r.count, r.failed])).toEqual([
      [second.id, 5_000, 1, 0],
      [m.store_id, 3_000, 2, 1],
    ]);
    expect(rows[1]?.approvalRate).toBeCloseTo(2 / 3);
    const byCount = await listStoreVolumes({ ctx, input: { ...input, sort: "count", desc: true } });
    expect(byCount.map((r) => r.storeId)).toEqual([m.store_id, second.id]);
    const live = await listStoreVolumes({ ctx, input: { ...input, mode: "LIVE" } });
    expect(live.every((r) => r.count === 0 && r.approvalRate === null)).toBe(true);

    // A store-limited user sees their store only.
    const limited = dashboardContextOf({ merchant_id: m.merchant_id, store_id: second.id }, [second.id], true);
    expect((await listStoreVolumes({ ctx: limited, input })).map((r) => r.storeId)).toEqual([second.id]);
  });
});
