/** Points a store's webhooks at `url`, straight in the database the benchmark's app uses. */
export async function setStoreWebhook(databaseUrl: string, dataDir: string, storeId: string, url: string) {
  process.env.DATABASE_URL = databaseUrl;
  process.env.DATA_DIR = dataDir;
  const { closeDb, getDb } = await import("@/lib/db/client");
  await getDb().updateTable("stores").set({ webhook_url: url }).where("id", "=", storeId).execute();
  await closeDb();
}
