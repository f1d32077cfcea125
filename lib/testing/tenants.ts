import { createApiKey } from "@/lib/auth/api-keys";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { sql } from "kysely";
import { getDb, withTransaction } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { insertStore } from "@/lib/tenancy/insert-store";
import { apiAs } from "./api";

/** A second store of the merchant, and an API client limited to it. */
export async function addStoreWithLimitedKey(merchantId: string) {
  const store = await withTransaction((tx) => insertStore(tx, { merchantId, name: "Second store", isDefault: false }));
  const key = await createApiKey({ merchantId, storeId: store.id, name: "limited" });
  const tokens = await loginWithApiKey(key.apiKey);
  return { storeId: store.id, accessToken: tokens.accessToken, api: apiAs(tokens.accessToken) };
}

/** A LIVE channel on a store (no live adapter is configured, so every provider call is refused). */
export async function addLiveChannel(merchantId: string, storeId: string, kind: "payment" | "identity") {
  const key = `channel-key-live-${newId().toLowerCase()}`;
  await getDb()
    .insertInto("channels")
    .values({
      id: newId("ch_"),
      merchant_id: merchantId,
      store_id: storeId,
      key,
      name: "Live channel",
      type: "LIVE",
      pg_provider: kind === "identity" ? "DANAL" : "TOSSPAYMENTS",
      pg_merchant_id: "live_mid",
      is_for_payment: kind === "payment" ? 1 : 0,
      is_for_identity_verification: kind === "identity" ? 1 : 0,
      created_at: Date.now(),
    })
    .execute();
  return key;
}

/** Every row of every table that carries a merchant id of these merchants, as JSON text (for leak scans). */
export async function dumpMerchantRows(merchantIds: string[]): Promise<string> {
  const tables = await getDb().introspection.getTables();
  const parts: string[] = [];
  for (const table of tables) {
    if (!table.columns.some((c) => c.name === "merchant_id")) continue;
    // Table names come from the live schema, not from our typed table list.
    const { rows } =
      await sql`select * from ${sql.table(table.name)} where merchant_id in (${sql.join(merchantIds)})`.execute(
        getDb(),
      );
    parts.push(`${table.name}:${JSON.stringify(rows)}`);
  }
  return parts.join("\n");
}
