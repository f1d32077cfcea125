import { describe, expect, it } from "vitest";
import { transaction } from "@/lib/db/transaction";
import { dashboardContextOf } from "@/lib/testing/dashboard-context";
import { newMerchant } from "@/lib/testing/fixtures";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { insertStore } from "@/lib/tenancy/insert-store";
import { paidPayment } from "@/lib/testing/payments";
import { exportStoreVolumesCsv } from "./store-volumes-csv";
import { getStoreKpis, listStoreVolumes } from "./store-volumes";

async function lines(gen: AsyncGenerator<string>) {
  let out = "";
  for await (const chunk of gen) out += chunk;
  return out.split("\r\n").filter(Boolean);
}

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

  it("counts each store's refunds of the period, and sorts by them", async () => {
    const m = await newMerchant({ hosting: true });
    const second = await transaction((tx) =>
      insertStore(tx, { merchantId: m.merchant_id, name: "Second", isDefault: false }),
    );
    const paymentId = await paidPayment(m);
    expect((await m.api.post(`/v2/payments/${paymentId}/cancel`, { amount: 300, reason: "partial" })).status).toBe(200);
    await createPayment({ merchantId: m.merchant_id, storeId: second.id, amount: 5_000 });
    const ctx = dashboardContextOf(m, [m.store_id, second.id]);
    const input = { period: "7d", mode: "TEST", sort: "refunds", desc: true, now: Date.now() + 1_000 } as const;
    const rows = await listStoreVolumes({ ctx, input });
    expect(rows.map((r) => [r.storeId, r.refunds, r.refundCount])).toEqual([
      [m.store_id, 300, 1],
      [second.id, 0, 0],
    ]);
  });

  it("a store's KPI page: its figures and the period before; a store the caller does not see is NOT_FOUND", async () => {
    const m = await newMerchant({ hosting: true });
    const other = await newMerchant({ hosting: true });
    const second = await transaction((tx) =>
      insertStore(tx, { merchantId: m.merchant_id, name: "Second", isDefault: false }),
    );
    const now = Date.now() + 1_000;
    const day = 24 * 3_600_000;
    await createPayment({ merchantId: m.merchant_id, storeId: second.id, amount: 5_000 });
    await createPayment({ merchantId: m.merchant_id, storeId: second.id, amount: 7_000, outcome: "FAILED" });
    const ctx = dashboardContextOf(m, [m.store_id, second.id]);
    const input = { storeId: second.id, period: "7d", mode: "TEST", now } as const;
    const kpis = await getStoreKpis({ ctx, input });
    expect(kpis).toMatchObject({ name: "Store 1", volume: 5_000, count: 1, failed: 1, approvalRate: 0.5 });
    expect(kpis.previous).toMatchObject({ volume: 0, count: 0, approvalRate: null });
    // Eight days on, the same payments are the period before.
    const later = await getStoreKpis({ ctx, input: { ...input, now: now + 8 * day } });
    expect(later).toMatchObject({ volume: 0, count: 0, previous: { volume: 5_000, count: 1, failed: 1 } });

    const notFound = expect.objectContaining({ code: "NOT_FOUND" });
    await expect(getStoreKpis({ ctx, input: { ...input, storeId: other.store_id } })).rejects.toEqual(notFound);
    const limited = dashboardContextOf({ merchant_id: m.merchant_id, store_id: m.store_id }, [m.store_id], true);
    await expect(getStoreKpis({ ctx: limited, input })).rejects.toEqual(notFound);
  });

  it("the CSV: Korean headers, the view's order, plain integers and Korean labels", async () => {
    const m = await newMerchant({ hosting: true });
    const second = await transaction((tx) =>
      insertStore(tx, { merchantId: m.merchant_id, name: "강남점, 2층", isDefault: false }),
    );
    await createPayment({ merchantId: m.merchant_id, storeId: second.id, amount: 50_000 });
    await createPayment({ merchantId: m.merchant_id, storeId: second.id, amount: 1_000, outcome: "FAILED" });
    const ctx = {
      ...dashboardContextOf(m, [m.store_id, second.id]),
      stores: [
        { id: m.store_id, name: "본점", is_default: 1 },
        { id: second.id, name: "강남점, 2층", is_default: 0 },
      ],
    };
    const input = { period: "30d", mode: "TEST", sort: "volume", dir: "desc", now: Date.now() + 1_000 } as const;
    const csv = await lines(exportStoreVolumesCsv({ ctx, input }));
    expect(csv[0]).toBe(
      "기간,데이터,상점 ID,상점명,결제 금액(원),결제 건수,실패 건수,승인율(%),환불 금액(원),환불 건수,입점 상태",
    );
    expect(csv.slice(1)).toEqual([
      `최근 30일,테스트,${second.id},"강남점, 2층",50000,1,1,50,0,0,신청 없음`,
      `최근 30일,테스트,${m.store_id},본점,0,0,0,,0,0,신청 없음`,
    ]);
  });
});
