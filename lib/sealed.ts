import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { hmacSha256 } from "@/lib/crypto";
import { secrets } from "@/lib/env";

/**
 * Authenticated encryption (AES-256-GCM) for the few secrets the server must read back (the
 * sandbox inbox). The key is derived from the server's signing secret (environment or
 * .data/secrets.json) with a purpose label, so it never sits in the database beside the data.
 */
function keyFor(purpose: string): Buffer {
  return hmacSha256(secrets().tokenSigningSecret, `seal:${purpose}`);
}

export function sealText(purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1.${iv.toString("base64url")}.${body.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}`;
}

/** The plain text, or null when the value was not sealed with this key (rotated secret, tampering). */
export function openSealed(purpose: string, sealed: string): string | null {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** The plain text of a value the server sealed; failing loudly (a changed TOKEN_SIGNING_SECRET) rather than going on without it. */
export function openSealedOrThrow(purpose: string, sealed: string): string {
  const plain = openSealed(purpose, sealed);
  if (plain === null) throw new Error(`a sealed ${purpose} cannot be opened: was TOKEN_SIGNING_SECRET changed?`);
  return plain;
}

/** A keyed digest for short secrets (OTPs): a plain hash of 6 digits would be reversed in a blink. */
export function keyedDigest(purpose: string, value: string): string {
  return hmacSha256(keyFor(purpose), value).toString("base64url");
}
