import { createApiKey } from "@/lib/auth/api-keys";
import { listStoreChannels } from "@/lib/channels/repository";
import { transaction } from "@/lib/db/transaction";
import { newId, newSecret } from "@/lib/ids";
import { hashPassword } from "@/lib/users/passwords";
import { insertUser } from "@/lib/users/repository";
import { openWebhookSecret } from "@/lib/webhooks/secret";
import { insertStore } from "./insert-store";
import { findMerchantStore, insertMerchant, setDefaultStore } from "./repository";

export type CreatedMerchant = {
  merchant_id: string;
  store_id: string;
  api_key: string;
  webhook_secret: string;
  channels: { key: string; pg_provider: string; type: string }[];
  dashboard: { email: string; password: string };
};

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 30) || "merchant"
  );
}

/**
 * A merchant with its default store (TEST channels, webhook secret), an owner login and a
 * merchant-wide API key: what CONTRACT §13's `create-merchant` prints.
 */
export async function createMerchant(input: {
  name: string;
  hosting?: boolean;
  ownerEmail?: string;
  ownerPassword?: string;
}): Promise<CreatedMerchant> {
  const merchantId = newId("merchant-");
  const email = input.ownerEmail ?? `${slug(input.name)}-${merchantId.slice(-6).toLowerCase()}@example.com`;
  const password = input.ownerPassword ?? newSecret(12);
  // Hash before the transaction: bcrypt is slow and SQLite holds its write lock for the whole transaction.
  const passwordHash = await hashPassword(password);
  const { storeId, apiKey } = await transaction(async (tx) => {
    await insertMerchant(tx, { id: merchantId, name: input.name, hosting: input.hosting ?? false, now: Date.now() });
    const store = await insertStore(tx, { merchantId, name: input.name, isDefault: true });
    await setDefaultStore(tx, merchantId, store.id);
    await insertUser(tx, { merchantId, email, name: `${input.name} owner`, password, passwordHash, role: "OWNER" });
    const key = await createApiKey({ merchantId, name: "default" }, tx);
    return { storeId: store.id, apiKey: key.apiKey };
  });
  const store = await findMerchantStore(merchantId, storeId);
  if (!store) throw new Error(`store ${storeId} vanished right after it was created`);
  const channels = await listStoreChannels(merchantId, storeId);
  return {
    merchant_id: merchantId,
    store_id: storeId,
    api_key: apiKey,
    webhook_secret: openWebhookSecret(store.webhook_secret),
    channels: channels.map((c) => ({ key: c.key, pg_provider: c.pg_provider, type: c.type })),
    dashboard: { email, password },
  };
}
