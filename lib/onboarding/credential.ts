import { openSealedOrThrow, sealText } from "@/lib/sealed";

/** Integration credentials a provider issues on SERVICE_OPEN: returned to the merchant, so kept sealed, not hashed. */
export type StoredCredential = { created: number; modified: number; mid: string; api_key: string; client_key: string; mert_key: string };

const PURPOSE = "pg-credential";

export const sealCredential = (credential: StoredCredential): string => sealText(PURPOSE, JSON.stringify(credential));
export const openCredential = (stored: string): StoredCredential => JSON.parse(openSealedOrThrow(PURPOSE, stored)) as StoredCredential;
