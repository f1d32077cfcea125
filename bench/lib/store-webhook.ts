/** Points a store's webhooks at `url`, straight in the database the benchmark's app uses. */
export async function setStoreWebhook(databaseUrl: string, dataDir: string, storeId: string, url: string) {
  process.env.DATABASE_URL = databaseUrl;
  process.env.DATA_DIR = dataDir;
  const { closeDb, getDb } = await import("@/lib/db/client");
  const { addStoreEndpoint } = await import("@/lib/testing/webhook-endpoint");
  const store = await getDb()
    .selectFrom("stores")
    .select("merchant_id")
    .where("id", "=", storeId)
    .executeTakeFirstOrThrow();
  await addStoreEndpoint({ merchant_id: store.merchant_id, store_id: storeId }, url);
  await closeDb();
}
