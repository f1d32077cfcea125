import { openSealed, sealText } from "@/lib/sealed";

/** Integration credentials a provider issues on SERVICE_OPEN: returned to the merchant, so kept sealed, not hashed. */
export type StoredCredential = { created: number; modified: number; mid: string; api_key: string; client_key: string; mert_key: string };

const PURPOSE = "pg-credential";

export function sealCredential(credential: StoredCredential): string {
  return sealText(PURPOSE, JSON.stringify(credential));
}

export function openCredential(stored: string): StoredCredential {
  const opened = openSealed(PURPOSE, stored);
  if (opened === null) throw new Error("a provider credential cannot be opened: was TOKEN_SIGNING_SECRET changed?");
  return JSON.parse(opened) as StoredCredential;
}
