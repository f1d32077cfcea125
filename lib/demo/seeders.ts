import { seedBillingDemo } from "@/lib/billing-keys/demo";
import { seedDemoCashReceipts } from "@/lib/cash-receipts/demo-seed";
import { seedDemoVerifications } from "@/lib/identity/demo-seed";
import { seedDemoPayments } from "@/lib/payments/seed/demo-seed";
import { seedDemoStores } from "@/lib/stores/demo";
import type { DemoSeeder } from "./seeder";

export const demoSeeders: DemoSeeder[] = [
  seedDemoPayments,
  seedDemoStores,
  seedDemoVerifications,
  seedDemoCashReceipts,
  seedBillingDemo,
];
