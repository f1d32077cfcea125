import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { createApiKey } from "@/lib/auth/api-keys";
import { getDb } from "@/lib/db/client";
import { dataDir } from "@/lib/env";
import { newSecret } from "@/lib/ids";
import { createMerchant } from "@/lib/tenancy/merchants";
import { demoSeeders } from "./seeders";

export type DemoInfo = { merchantId: string; storeId: string; email: string; password: string; apiKey: string };

const DEMO_EMAIL = "demo@example.com";
const QUICKSTART_KEY_NAME = "quickstart";

function loginFile() {
  return path.join(dataDir(), "demo-login.json");
}

/**
 * On an empty database, creates the demo merchant (with sample records from each area's seeder).
 * Every start mints a fresh "quickstart" API key to print, revoking the previous one, since keys
 * are stored hashed and cannot be shown again.
 */
export async function ensureDemo(): Promise<DemoInfo | null> {
  const db = getDb();
  const anyMerchant = await db.selectFrom("merchants").select("id").limit(1).executeTakeFirst();
  if (!anyMerchant) {
    const password = process.env.DEMO_PASSWORD ?? newSecret(9);
    const created = await createMerchant({ name: "Demo Shop", hosting: true, ownerEmail: DEMO_EMAIL, ownerPassword: password });
    mkdirSync(dataDir(), { recursive: true });
    writeFileSync(loginFile(), JSON.stringify({ email: DEMO_EMAIL, password }), { mode: 0o600 });
    for (const seed of demoSeeders) await seed({ merchantId: created.merchant_id, storeId: created.store_id });
  }
  const user = await db.selectFrom("users").select(["merchant_id"]).where("email", "=", DEMO_EMAIL).executeTakeFirst();
  if (!user) return null;
  const merchant = await db.selectFrom("merchants").select(["id", "default_store_id"]).where("id", "=", user.merchant_id).executeTakeFirstOrThrow();
  await db.updateTable("api_keys").set({ revoked_at: Date.now() }).where("merchant_id", "=", merchant.id).where("name", "=", QUICKSTART_KEY_NAME).where("revoked_at", "is", null).execute();
  const key = await createApiKey({ merchantId: merchant.id, name: QUICKSTART_KEY_NAME });
  const login = existsSync(loginFile()) ? (JSON.parse(readFileSync(loginFile(), "utf8")) as { password: string }) : { password: "(set when the demo was created)" };
  return { merchantId: merchant.id, storeId: merchant.default_store_id!, email: DEMO_EMAIL, password: login.password, apiKey: key.apiKey };
}
