import { DomainError } from "@/lib/errors/domain-error";
import { findRequestApiKey, touchApiKey } from "./api-keys";
import type { AuthContext, Origin } from "./context";
import { verifyJwt } from "./jwt";
import { clientAddress } from "@/lib/security/client-address";
import { takeAttempt } from "@/lib/throttle/throttle";
import { apiKeyChecks, isAccessTokenLive, type AccessClaims } from "./tokens";

function requestOrigin(request: Request): Origin {
  const ua = request.headers.get("user-agent");
  return { platform_type: "API", ip_address: clientAddress(request.headers), ...(ua ? { user_agent: ua } : {}) };
}

/**
 * `Authorization: Bearer <access token>`, or (ext) `Authorization: PortOne <api key>` for
 * server-to-server callers. Anything else is 401 UNAUTHORIZED.
 */
export async function authenticate(request: Request): Promise<AuthContext> {
  const header = request.headers.get("authorization") ?? "";
  const [scheme, credential] = header.trim().split(/\s+/, 2);
  if (!scheme || !credential) throw new DomainError("UNAUTHORIZED", "missing Authorization header");
  const origin = requestOrigin(request);

  if (scheme.toLowerCase() === "bearer") {
    const claims = verifyJwt<AccessClaims>(credential);
    const live = claims && (await isAccessTokenLive(claims));
    if (!claims || !live) throw new DomainError("UNAUTHORIZED", "the access token is not valid");
    live.lastUsedAt = await touchApiKey(claims.kid, live.lastUsedAt);
    const apiKey = { id: claims.kid, name: live.keyName, prefix: live.keyPrefix };
    return {
      merchantId: claims.mid,
      storeId: claims.sid,
      storeLimited: claims.lim === 1,
      hasHostingContract: live.hasHostingContract,
      origin,
      apiKey,
    };
  }
  if (scheme.toLowerCase() === "portone") {
    const key = await findRequestApiKey(credential);
    if (!key) {
      // Counted only when wrong, so a valid key costs no extra query: 429 once over the limit.
      await takeAttempt(apiKeyChecks(credential, origin.ip_address));
      throw new DomainError("UNAUTHORIZED", "the API key is not valid");
    }
    key.last_used_at = await touchApiKey(key.id, key.last_used_at);
    return {
      merchantId: key.merchant_id,
      storeId: key.store_id ?? key.default_store_id!,
      storeLimited: key.store_id !== null,
      hasHostingContract: key.has_hosting_contract === 1,
      origin,
      apiKey: { id: key.id, name: key.name, prefix: key.key_prefix },
    };
  }
  throw new DomainError("UNAUTHORIZED", "unsupported Authorization scheme");
}
