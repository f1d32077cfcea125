import { sha256 } from "@/lib/crypto";
import { recordAudit } from "@/lib/audit/record";
import { type Executor, transaction } from "@/lib/db/transaction";
import { newId, newSecret } from "@/lib/ids";
import { forgetRecentAnswers, RecentAnswers } from "./recent-answers";
import { findActiveKeyByHash, insertApiKey, requestKeyRow, revokeKeyRow, setKeyLastUsed } from "./repository";

export type CreatedApiKey = { id: string; apiKey: string; prefix: string };

/** `sk_` and 7 characters: shown in the dashboard to tell keys apart, and the throttle's per-key counter. */
export const KEY_PREFIX_LENGTH = 10;

/** Mints a key; only its hash and a short display prefix are stored. */
export async function createApiKey(
  input: { merchantId: string; storeId?: string | null; name: string },
  db?: Executor,
): Promise<CreatedApiKey> {
  // The key and its audit entry commit together.
  if (!db?.isTransaction) return transaction((tx) => createApiKey(input, tx));
  const apiKey = `sk_${newSecret(30)}`;
  const id = newId("key_");
  const prefix = apiKey.slice(0, KEY_PREFIX_LENGTH);
  await insertApiKey(db, {
    id,
    merchant_id: input.merchantId,
    store_id: input.storeId ?? null,
    name: input.name,
    key_hash: sha256(apiKey),
    key_prefix: prefix,
    created_at: Date.now(),
    last_used_at: null,
    revoked_at: null,
  });
  await recordAudit(db, {
    merchantId: input.merchantId,
    action: "api_key.create",
    targetId: id,
    after: { name: input.name, prefix, store_id: input.storeId ?? null },
  });
  return { id, apiKey, prefix };
}

export function findActiveApiKey(apiKey: string) {
  return findActiveKeyByHash(sha256(apiKey));
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

/**
 * An active key and what the request context needs of its merchant; cached per AUTH_RECHECK_MS
 * (the answer is shared: the caller may update its `last_used_at`).
 */
export async function findRequestApiKey(apiKey: string): Promise<RequestKey | undefined> {
  const hash = sha256(apiKey);
  const cached = requestKeys.get(hash);
  if (cached) return cached;
  const row = await requestKeyRow.first([hash]);
  if (row) requestKeys.set(hash, row);
  return row;
}

/**
 * Revokes an active key of the merchant (with `storeId`, only one limited to that store); answers
 * whether it did. The caller-facing verb is revokeCallerApiKey; this is for code acting as the merchant.
 */
export async function revokeApiKey(merchantId: string, keyId: string, storeId?: string): Promise<boolean> {
  const now = Date.now();
  const revoked = await transaction(async (tx) => {
    const key = await revokeKeyRow(tx, { merchantId, storeId, keyId, at: now });
    if (!key) return false;
    await recordAudit(tx, {
      merchantId,
      action: "api_key.revoke",
      targetId: keyId,
      before: { name: key.name, prefix: key.key_prefix, revoked: false },
      after: { revoked: true },
    });
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
  await setKeyLastUsed(keyId, now);
  return now;
}
