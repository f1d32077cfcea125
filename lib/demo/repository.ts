import { getDb } from "@/lib/db/client";

/**
 * Revokes the merchant's live API keys of this name (the demo's "quickstart" key, replaced by
 * `admin reset-demo-login --api-key`). lib/auth owns API keys; this bulk revocation by name is
 * the demo's alone, run by the admin CLI in its own process.
 */
export async function revokeNamedApiKeys(merchantId: string, name: string, at: number): Promise<void> {
  await getDb()
    .updateTable("api_keys")
    .set({ revoked_at: at })
    .where("merchant_id", "=", merchantId)
    .where("name", "=", name)
    .where("revoked_at", "is", null)
    .execute();
}
