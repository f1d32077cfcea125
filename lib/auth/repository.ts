import { getDb, type Db, type Tx } from "@/lib/db/client";
import { precompiled } from "@/lib/db/precompiled";
import type { ApiKeysTable } from "@/lib/db/tables/foundation";

/** Every query of API keys, token families and refresh tokens. Secrets arrive here as digests only. */

export async function insertApiKey(db: Db | Tx, row: ApiKeysTable): Promise<void> {
  await db.insertInto("api_keys").values(row).execute();
}

export function findActiveKeyByHash(keyHash: string) {
  return getDb()
    .selectFrom("api_keys")
    .selectAll()
    .where("key_hash", "=", keyHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

/** An active key and what a request context needs of its merchant (a hot point look-up). */
export const requestKeyRow = precompiled((db: Db, keyHash: string) =>
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

/** The merchant's keys, newest first; with `storeId`, only the keys limited to that store. */
export function listMerchantApiKeys(merchantId: string, storeId?: string) {
  let query = getDb()
    .selectFrom("api_keys")
    .select(["id", "name", "key_prefix", "store_id", "created_at", "last_used_at", "revoked_at"])
    .where("merchant_id", "=", merchantId);
  if (storeId !== undefined) query = query.where("store_id", "=", storeId);
  return query.orderBy("created_at", "desc").execute();
}

/**
 * Revokes the merchant's key if still active (with `storeId`, only a key limited to that store);
 * answers its name and prefix, or undefined.
 */
export function revokeKeyRow(tx: Tx, key: { merchantId: string; storeId?: string; keyId: string; at: number }) {
  let query = tx
    .updateTable("api_keys")
    .set({ revoked_at: key.at })
    .where("id", "=", key.keyId)
    .where("merchant_id", "=", key.merchantId)
    .where("revoked_at", "is", null);
  if (key.storeId !== undefined) query = query.where("store_id", "=", key.storeId);
  return query.returning(["name", "key_prefix"]).executeTakeFirst();
}

export async function setKeyLastUsed(keyId: string, at: number): Promise<void> {
  await getDb().updateTable("api_keys").set({ last_used_at: at }).where("id", "=", keyId).execute();
}

export async function defaultStoreOf(tx: Tx, merchantId: string): Promise<string | null> {
  return (
    await tx.selectFrom("merchants").select("default_store_id").where("id", "=", merchantId).executeTakeFirstOrThrow()
  ).default_store_id;
}

export async function insertTokenFamily(
  tx: Tx,
  row: { id: string; apiKeyId: string; merchantId: string; at: number },
): Promise<void> {
  await tx
    .insertInto("token_families")
    .values({ id: row.id, api_key_id: row.apiKeyId, merchant_id: row.merchantId, created_at: row.at, revoked_at: null })
    .execute();
}

export async function insertRefreshToken(
  tx: Tx,
  row: { id: string; familyId: string; tokenHash: string; issuedAt: number; expiresAt: number },
): Promise<void> {
  await tx
    .insertInto("refresh_tokens")
    .values({
      id: row.id,
      family_id: row.familyId,
      token_hash: row.tokenHash,
      issued_at: row.issuedAt,
      expires_at: row.expiresAt,
      rotated_at: null,
      successor_sealed: null,
    })
    .execute();
}

/** A refresh token with its family and key, by the token's digest. */
export function findRefreshTokenByHash(tx: Tx, tokenHash: string) {
  return tx
    .selectFrom("refresh_tokens")
    .innerJoin("token_families", "token_families.id", "refresh_tokens.family_id")
    .innerJoin("api_keys", "api_keys.id", "token_families.api_key_id")
    .select([
      "refresh_tokens.id as token_id",
      "refresh_tokens.expires_at",
      "refresh_tokens.rotated_at",
      "token_families.id as family_id",
      "token_families.revoked_at as family_revoked_at",
      "api_keys.id",
      "api_keys.merchant_id",
      "api_keys.store_id",
      "api_keys.revoked_at as key_revoked_at",
    ])
    .where("refresh_tokens.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Marks the token rotated; false when it already was (another rotation won). */
export async function markRotated(tx: Tx, tokenId: string, at: number): Promise<boolean> {
  const rotated = await tx
    .updateTable("refresh_tokens")
    .set({ rotated_at: at })
    .where("id", "=", tokenId)
    .where("rotated_at", "is", null)
    .executeTakeFirst();
  return Number(rotated.numUpdatedRows) > 0;
}

export function rotationOf(tx: Tx, tokenId: string) {
  return tx
    .selectFrom("refresh_tokens")
    .select(["rotated_at", "successor_sealed"])
    .where("id", "=", tokenId)
    .executeTakeFirst();
}

export function rotatedAtByHash(tx: Tx, tokenHash: string) {
  return tx.selectFrom("refresh_tokens").select("rotated_at").where("token_hash", "=", tokenHash).executeTakeFirst();
}

export async function keepSuccessor(tx: Tx, tokenId: string, sealedPair: string): Promise<void> {
  await tx.updateTable("refresh_tokens").set({ successor_sealed: sealedPair }).where("id", "=", tokenId).execute();
}

export async function revokeFamily(tx: Tx, familyId: string, at: number): Promise<void> {
  await tx.updateTable("token_families").set({ revoked_at: at }).where("id", "=", familyId).execute();
}

/** The family and key behind an access token, with its merchant's hosting contract (a hot point look-up). */
export const liveTokenRow = precompiled((db: Db, familyId: string, keyId: string) =>
  db
    .selectFrom("token_families")
    .innerJoin("api_keys", "api_keys.id", "token_families.api_key_id")
    .innerJoin("merchants", "merchants.id", "api_keys.merchant_id")
    .select([
      "token_families.revoked_at as family_revoked_at",
      "api_keys.revoked_at as key_revoked_at",
      "api_keys.last_used_at",
      "api_keys.name",
      "api_keys.key_prefix",
      "merchants.has_hosting_contract",
    ])
    .where("token_families.id", "=", familyId)
    .where("api_keys.id", "=", keyId),
);
