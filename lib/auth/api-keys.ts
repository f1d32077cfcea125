import { sha256 } from "@/lib/crypto";
import { recordAudit } from "@/lib/audit/record";
import { getDb, withTransaction, type Db, type Tx } from "@/lib/db/client";
import { newId, newSecret } from "@/lib/ids";

export type CreatedApiKey = { id: string; apiKey: string; prefix: string };

/** `sk_` and 7 characters: shown in the dashboard to tell keys apart, and the throttle's per-key counter. */
export const KEY_PREFIX_LENGTH = 10;

/** Mints a key; only its hash and a short display prefix are stored. */
export async function createApiKey(
  input: { merchantId: string; storeId?: string | null; name: string },
  db: Db | Tx = getDb(),
): Promise<CreatedApiKey> {
  // The key and its audit entry commit together.
  if (!db.isTransaction) return db.transaction().execute((tx) => createApiKey(input, tx));
  const apiKey = `sk_${newSecret(30)}`;
  const id = newId("key_");
  const prefix = apiKey.slice(0, KEY_PREFIX_LENGTH);
  await db
    .insertInto("api_keys")
    .values({
      id,
      merchant_id: input.merchantId,
      store_id: input.storeId ?? null,
      name: input.name,
      key_hash: sha256(apiKey),
      key_prefix: prefix,
      created_at: Date.now(),
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  await recordAudit(db, { merchantId: input.merchantId, action: "api_key.create", targetId: id, after: { name: input.name, prefix, store_id: input.storeId ?? null } });
  return { id, apiKey, prefix };
}

export async function findActiveApiKey(apiKey: string) {
  return getDb()
    .selectFrom("api_keys")
    .selectAll()
    .where("key_hash", "=", sha256(apiKey))
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

export async function listApiKeys(merchantId: string) {
  return getDb()
    .selectFrom("api_keys")
    .select(["id", "name", "key_prefix", "store_id", "created_at", "last_used_at", "revoked_at"])
    .where("merchant_id", "=", merchantId)
    .orderBy("created_at", "desc")
    .execute();
}

export async function revokeApiKey(merchantId: string, keyId: string): Promise<boolean> {
  const now = Date.now();
  return withTransaction(async (tx) => {
    const key = await tx
      .updateTable("api_keys")
      .set({ revoked_at: now })
      .where("id", "=", keyId)
      .where("merchant_id", "=", merchantId)
      .where("revoked_at", "is", null)
      .returning(["name", "key_prefix"])
      .executeTakeFirst();
    if (!key) return false;
    await recordAudit(tx, { merchantId, action: "api_key.revoke", targetId: keyId, before: { name: key.name, prefix: key.key_prefix, revoked: false }, after: { revoked: true } });
    return true;
  });
}

const LAST_USED_RESOLUTION_MS = 60_000;

/** Records use at most once a minute per key, so authentication stays a read on the hot path. */
export async function touchApiKey(keyId: string, lastUsedAt: number | null): Promise<void> {
  const now = Date.now();
  if (lastUsedAt !== null && now - lastUsedAt < LAST_USED_RESOLUTION_MS) return;
  await getDb().updateTable("api_keys").set({ last_used_at: now }).where("id", "=", keyId).execute();
}
