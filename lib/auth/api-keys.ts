import { sha256 } from "@/lib/crypto";
import { recordAudit } from "@/lib/audit/record";
import { getDb, withTransaction, type Db, type Tx } from "@/lib/db/client";
import { precompiled } from "@/lib/db/precompiled";
import { newId, newSecret } from "@/lib/ids";
import { forgetRecentAnswers, RecentAnswers } from "./recent-answers";

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

type RequestKey = {
  id: string;
  merchant_id: string;
  store_id: string | null;
  name: string;
  key_prefix: string;
  last_used_at: number | null;
  default_store_id: string | null;
  has_hosting_contract: number;
};
const requestKeys = new RecentAnswers<RequestKey>();

const requestKeyRow = precompiled((db: Db, keyHash: string) =>
  db
    .selectFrom("api_keys")
    .innerJoin("merchants", "merchants.id", "api_keys.merchant_id")
    .select([
      "api_keys.id",
      "api_keys.merchant_id",
      "api_keys.store_id",
      "api_keys.name",
      "api_keys.key_prefix",
      "api_keys.last_used_at",
      "merchants.default_store_id",
      "merchants.has_hosting_contract",
    ])
    .where("api_keys.key_hash", "=", keyHash)
    .where("api_keys.revoked_at", "is", null),
);

/**
 * An active key presented on a request (`Authorization: PortOne`), with what the request context
 * needs from its merchant: one indexed read, at most once per key per AUTH_RECHECK_MS. The answer is
 * shared: the caller may update its `last_used_at`.
 */
export async function findRequestApiKey(apiKey: string): Promise<RequestKey | undefined> {
  const hash = sha256(apiKey);
  const cached = requestKeys.get(hash);
  if (cached) return cached;
  const row = await requestKeyRow.first([hash]);
  if (row) requestKeys.set(hash, row);
  return row;
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
  const revoked = await withTransaction(async (tx) => {
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
  // Answers cached by lib/auth/recent-answers.ts must not outlive the revocation in this process.
  if (revoked) forgetRecentAnswers();
  return revoked;
}

const LAST_USED_RESOLUTION_MS = 60_000;

/** Records the key's use (at most once a minute); answers the `last_used_at` now stored. */
export async function touchApiKey(keyId: string, lastUsedAt: number | null): Promise<number | null> {
  const now = Date.now();
  if (lastUsedAt !== null && now - lastUsedAt < LAST_USED_RESOLUTION_MS) return lastUsedAt;
  await getDb().updateTable("api_keys").set({ last_used_at: now }).where("id", "=", keyId).execute();
  return now;
}
