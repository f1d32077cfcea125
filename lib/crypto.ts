import { createHmac, hash, type KeyObject, timingSafeEqual } from "node:crypto";

/** API keys and refresh tokens are high-entropy, so a fast SHA-256 digest is a safe at-rest form. */
export function sha256(value: string): string {
  // The one-shot form: a Hash object per call cost several times more (every keyed POST hashes its body).
  return hash("sha256", value, "hex");
}

export function hmacSha256(secret: string | Buffer | KeyObject, value: string): Buffer {
  return createHmac("sha256", secret).update(value).digest();
}

export function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
