import { randomBytes } from "node:crypto";
import { hmacSha256 } from "@/lib/crypto";
import { openSealedOrThrow, sealText } from "@/lib/sealed";

/** A Standard Webhooks secret: `whsec_` + standard base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

const PURPOSE = "webhook-secret";

/** Signing secrets are stored sealed (AES-256-GCM under the server's key), never in clear. */
export function sealWebhookSecret(secret: string): string {
  return sealText(PURPOSE, secret);
}

/** The secret behind a stored value. Fails loudly rather than sign with nothing. */
export function openWebhookSecret(stored: string): string {
  return openSealedOrThrow(PURPOSE, stored);
}

/** The signing key is the base64 part after `whsec_` (base64url tolerated for old secrets). */
function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret;
  return Buffer.from(encoded.replaceAll("-", "+").replaceAll("_", "/"), "base64");
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one entry per secret, space-separated. */
export function signatureHeader(secrets: string[], id: string, timestampSeconds: number, body: string): string {
  return secrets
    .map((secret) => `v1,${hmacSha256(keyOf(secret), `${id}.${timestampSeconds}.${body}`).toString("base64")}`)
    .join(" ");
}
