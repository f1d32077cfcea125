import { z } from "zod";
import { DomainError } from "@/lib/errors/domain-error";
import { sha256 } from "@/lib/crypto";
import { type Transaction as Tx, transaction } from "@/lib/db/transaction";
import { newId, newSecret } from "@/lib/ids";
import { openSealed, sealText } from "@/lib/sealed";
import { DAY } from "@/lib/time";
import { LIMITS } from "@/lib/throttle/limits";
import { throttled, type Check } from "@/lib/throttle/throttle";
import { findActiveApiKey, KEY_PREFIX_LENGTH, touchApiKey } from "./api-keys";
import { signJwt } from "./jwt";
import { forgetRecentAnswers, RecentAnswers } from "./recent-answers";
import {
  defaultStoreOf,
  findRefreshTokenByHash,
  insertRefreshToken,
  insertTokenFamily,
  keepSuccessor,
  liveTokenRow,
  markRotated,
  revokeFamily,
  rotatedAtByHash,
  rotationOf,
} from "./repository";

const ACCESS_TOKEN_TTL_MS = DAY;
export const REFRESH_TOKEN_TTL_MS = 7 * DAY;

/** How long a rotated refresh token, presented again (a client retry), gets the same new pair. */
export function refreshGraceMs(): number {
  return Number(process.env.REFRESH_TOKEN_GRACE_MS ?? 30_000);
}
const SUCCESSOR_PURPOSE = "refresh-successor";

const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

/** Claims of our access token: merchant, store in the token, whether the key is store-limited, key and family. */
export type AccessClaims = { mid: string; sid: string; lim: 0 | 1; kid: string; fam: string; exp: number; iat: number };

type KeyRow = { id: string; merchant_id: string; store_id: string | null };

async function tokenStore(tx: Tx, key: KeyRow): Promise<string> {
  if (key.store_id) return key.store_id;
  return (await defaultStoreOf(tx, key.merchant_id))!;
}

async function issuePair(tx: Tx, key: KeyRow, familyId: string, now: number): Promise<TokenPair> {
  const refreshToken = `rt_${newSecret(32)}`;
  await insertRefreshToken(tx, {
    id: newId("rt_"),
    familyId,
    tokenHash: sha256(refreshToken),
    issuedAt: now,
    expiresAt: now + REFRESH_TOKEN_TTL_MS,
  });
  const claims: AccessClaims = {
    mid: key.merchant_id,
    sid: await tokenStore(tx, key),
    lim: key.store_id ? 1 : 0,
    kid: key.id,
    fam: familyId,
    iat: Math.floor(now / 1000),
    exp: Math.floor((now + ACCESS_TOKEN_TTL_MS) / 1000),
  };
  return { accessToken: signJwt(claims), refreshToken };
}

/** The throttle counters of an API-key check: the caller's address and the key's display prefix. */
export function apiKeyChecks(apiKey: string, address: string): Check[] {
  return [
    { limit: LIMITS.apiKeyAddress(), key: address },
    { limit: LIMITS.apiKeyPrefix(), key: apiKey.slice(0, KEY_PREFIX_LENGTH) },
  ];
}

/**
 * Exchanges an API key for an access token (1 day) and a refresh token (1 week) of a new family.
 * Failed attempts are throttled per client address and per key prefix (429 once over).
 */
export async function loginWithApiKey(apiKey: string, address = "internal"): Promise<TokenPair> {
  const key = await throttled(apiKeyChecks(apiKey, address), async () => {
    const found = await findActiveApiKey(apiKey);
    if (!found) throw new DomainError("UNAUTHORIZED", "the API key is not valid");
    return found;
  });
  await touchApiKey(key.id, key.last_used_at);
  return transaction(async (tx) => {
    const now = Date.now();
    const familyId = newId("fam_");
    await insertTokenFamily(tx, { id: familyId, apiKeyId: key.id, merchantId: key.merchant_id, at: now });
    return issuePair(tx, key, familyId, now);
  });
}

/**
 * The pair a token was already rotated into, when it is presented again within the grace window
 * and that pair's own refresh token is still unused: the same client retrying, not a thief.
 */
async function pairOfRecentRotation(tx: Tx, tokenId: string, now: number): Promise<TokenPair | null> {
  const again = await rotationOf(tx, tokenId);
  if (!again?.rotated_at || !again.successor_sealed || now - again.rotated_at > refreshGraceMs()) return null;
  const opened = openSealed(SUCCESSOR_PURPOSE, again.successor_sealed);
  if (!opened) return null;
  const pair = tokenPair.parse(JSON.parse(opened));
  const successor = await rotatedAtByHash(tx, sha256(pair.refreshToken));
  return successor && successor.rotated_at === null ? pair : null;
}

/**
 * Rotates a refresh token. Reuse of a rotated one means theft and revokes its whole family, except
 * within a short grace window where a retry of the same token gets the same new pair.
 */
export async function regenerateTokens(refreshToken: string, address = "internal"): Promise<TokenPair> {
  return throttled([{ limit: LIMITS.refreshAddress(), key: address }], () => rotateRefreshToken(refreshToken));
}

async function rotateRefreshToken(refreshToken: string): Promise<TokenPair> {
  const outcome = await transaction(async (tx) => {
    const now = Date.now();
    const row = await findRefreshTokenByHash(tx, sha256(refreshToken));
    if (!row || row.family_revoked_at !== null || row.key_revoked_at !== null || row.expires_at <= now) return null;
    if (!(await markRotated(tx, row.token_id, now))) {
      // Re-read: on PostgreSQL a concurrent rotation we waited for has committed by now.
      const retried = await pairOfRecentRotation(tx, row.token_id, now);
      if (retried) return retried;
      await revokeFamily(tx, row.family_id, now);
      forgetRecentAnswers();
      return "reused" as const;
    }
    const pair = await issuePair(tx, row, row.family_id, now);
    await keepSuccessor(tx, row.token_id, sealText(SUCCESSOR_PURPOSE, JSON.stringify(pair)));
    return pair;
  });
  if (outcome === null) throw new DomainError("UNAUTHORIZED", "the refresh token is not valid");
  if (outcome === "reused")
    throw new DomainError("UNAUTHORIZED", "the refresh token was already used; its token family is revoked");
  return outcome;
}

type LiveToken = { lastUsedAt: number | null; hasHostingContract: boolean; keyName: string; keyPrefix: string };
const liveTokens = new RecentAnswers<LiveToken>();

/**
 * Whether the token's key is active and its family unrevoked; cached per AUTH_RECHECK_MS (the answer
 * is shared: the caller may update its `lastUsedAt`).
 */
export async function isAccessTokenLive(claims: AccessClaims): Promise<LiveToken | null> {
  const cacheKey = `${claims.kid}\u0000${claims.fam}`;
  const cached = liveTokens.get(cacheKey);
  if (cached) return cached;
  const row = await liveTokenRow.first([claims.fam, claims.kid]);
  if (!row || row.family_revoked_at !== null || row.key_revoked_at !== null) return null;
  const live = {
    lastUsedAt: row.last_used_at,
    hasHostingContract: row.has_hosting_contract === 1,
    keyName: row.name,
    keyPrefix: row.key_prefix,
  };
  liveTokens.set(cacheKey, live);
  return live;
}
