import { seedDemoPayments } from "@/lib/payments/demo-seed";

/** Sample records for the demo merchant; each area adds its seeder. */
export type DemoSeeder = (demo: { merchantId: string; storeId: string }) => Promise<void>;

export const demoSeeders: DemoSeeder[] = [seedDemoPayments];
