import { seedBillingDemo } from "@/lib/billing-keys/demo";
import { seedDemoCashReceipts } from "@/lib/cash-receipts/demo-seed";
import { seedDemoVerifications } from "@/lib/identity/demo-seed";
import { seedDemoPayments } from "@/lib/payments/seed/demo-seed";
import { seedDemoStores } from "@/lib/stores/demo";

/** Sample records for the demo merchant; each area adds its seeder. */
export type DemoSeeder = (demo: { merchantId: string; storeId: string }) => Promise<void>;

export const demoSeeders: DemoSeeder[] = [
  seedDemoPayments,
  seedDemoStores,
  seedDemoVerifications,
  seedDemoCashReceipts,
  seedBillingDemo,
];
