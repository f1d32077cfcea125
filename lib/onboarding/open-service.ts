import { randomUUID } from "node:crypto";
import { insertChannel } from "@/lib/channels/repository";
import type { Transaction } from "@/lib/db/transaction";
import { newId, newSecret } from "@/lib/ids";
import { sealCredential } from "./credential";
import type { ApplicationRecord } from "./repository";

/** The provider a sandbox application opens on; an UNIDENTIFIED application is assigned NICE. */
function providerOf(pgCompany: string): string {
  return pgCompany === "UNIDENTIFIED" ? "NICE" : pgCompany;
}

/** On SERVICE_OPEN the store gets a TEST channel for the provider and generated credentials (once). */
export async function openService(
  tx: Transaction,
  app: ApplicationRecord,
  now: number,
): Promise<{ pg_credential: string; channel_id: string } | undefined> {
  if (app.pg_credential && app.channel_id) return undefined;
  const provider = providerOf(app.pg_company);
  const mid = `${provider.toLowerCase()}_sbx_${newSecret(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "0")}`;
  const credential = {
    created: now,
    modified: now,
    mid,
    api_key: `test_sk_${newSecret(24)}`,
    client_key: `test_ck_${newSecret(24)}`,
    mert_key: newSecret(24),
  };
  const channelId = newId("ch_");
  await insertChannel(tx, {
    id: channelId,
    merchant_id: app.merchant_id,
    store_id: app.store_id,
    key: `channel-key-${randomUUID()}`,
    name: `${provider} (onboarded, test)`,
    type: "TEST",
    pg_provider: provider,
    pg_merchant_id: mid,
    is_for_payment: 1,
    is_for_identity_verification: 0,
    created_at: now,
  });
  return { pg_credential: sealCredential(credential), channel_id: channelId };
}

/** Change times strictly increase per application, so its history has one order even within a millisecond. */
export function nextChangeTime(lastChange: number): number {
  return Math.max(Date.now(), lastChange + 1);
}
