import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * Time-ordered opaque id (ULID layout: 48-bit ms time + 80 random bits, Crockford base32),
 * so ids sort by creation and make good index keys.
 */
export function newId(prefix = ""): string {
  let time = Date.now();
  let head = "";
  for (let i = 0; i < 10; i++) {
    head = ALPHABET[time % 32] + head;
    time = Math.floor(time / 32);
  }
  const bytes = randomBytes(16);
  let tail = "";
  for (let i = 0; i < 16; i++) tail += ALPHABET[bytes[i]! % 32];
  return prefix + head + tail;
}

/** A high-entropy secret in URL-safe base64. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
