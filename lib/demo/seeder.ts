/** Sample records for the demo merchant; each area adds its seeder to lib/demo/seeders.ts. */
export type DemoSeeder = (demo: { merchantId: string; storeId: string }) => Promise<void>;
