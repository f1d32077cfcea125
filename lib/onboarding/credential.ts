import { z } from "zod";
import { openSealedOrThrow, sealText } from "@/lib/sealed";

/** Integration credentials a provider issues on SERVICE_OPEN: returned to the merchant, so kept sealed, not hashed. */
const storedCredential = z.object({
  created: z.number(),
  modified: z.number(),
  mid: z.string(),
  api_key: z.string(),
  client_key: z.string(),
  mert_key: z.string(),
});
export type StoredCredential = z.infer<typeof storedCredential>;

const PURPOSE = "pg-credential";

export const sealCredential = (credential: StoredCredential): string => sealText(PURPOSE, JSON.stringify(credential));
export const openCredential = (stored: string): StoredCredential =>
  storedCredential.parse(JSON.parse(openSealedOrThrow(PURPOSE, stored)));
