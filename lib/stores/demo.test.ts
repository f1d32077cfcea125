import { expect, it } from "vitest";
import { newMerchant } from "@/lib/testing/fixtures";
import { seedDemoStores } from "./demo";

it("the demo seeder makes a sub-store with an open and a reviewing application", async () => {
  const m = await newMerchant({ hosting: true });
  await seedDemoStores({ merchantId: m.merchant_id, storeId: m.store_id });
  const stores = (await m.api.get("/v2/stores")).body.stores;
  expect(stores.map((s: { name: string }) => s.name)).toEqual(["Demo Bookshop"]);
  const apps = (await m.api.get(`/v2/stores/${stores[0].id}/applications`)).body.applications;
  expect(apps.map((a: { status: string }) => a.status)).toEqual(["SERVICE_OPEN", "MERCHANT_REVIEWING"]);
  expect(apps[0].pg_credential.mid).toMatch(/^nice_sbx_/);
});
