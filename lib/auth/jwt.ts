import { createSecretKey, type KeyObject } from "node:crypto";
import { hmacSha256, safeEqual } from "@/lib/crypto";
import { secrets } from "@/lib/env";

/** Minimal HS256 JWT: our tokens are only ever read by us, so no algorithm negotiation is needed. */
const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

let signing: { secret: string; key: KeyObject } | undefined;

/** The signing secret as a key object, made once: HMAC with a string secret imports it on every call (twice the cost). */
function signingKey(): KeyObject {
  const secret = secrets().tokenSigningSecret;
  if (signing?.secret !== secret) signing = { secret, key: createSecretKey(Buffer.from(secret, "utf8")) };
  return signing.key;
}

export function signJwt(claims: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  const signature = hmacSha256(signingKey(), `${HEADER}.${payload}`).toString("base64url");
  return `${HEADER}.${payload}.${signature}`;
}

/** Returns the claims of a well-signed, unexpired token, or null. */
export function verifyJwt<T extends { exp: number }>(token: string, nowSeconds = Date.now() / 1000): T | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = hmacSha256(signingKey(), `${parts[0]}.${parts[1]}`);
  if (!safeEqual(expected, Buffer.from(parts[2]!, "base64url"))) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8")) as T;
    return typeof claims.exp === "number" && claims.exp > nowSeconds ? claims : null;
  } catch {
    return null;
  }
}
