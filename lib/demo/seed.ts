import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { createApiKey } from "@/lib/auth/api-keys";
import { dataDir } from "@/lib/env";
import { newSecret } from "@/lib/ids";
import { createMerchant } from "@/lib/tenancy/create-merchant";
import { anyMerchantExists } from "@/lib/tenancy/repository";
import { hashPassword } from "@/lib/users/passwords";
import { findUserByEmail, setPasswordHash } from "@/lib/users/repository";
import { revokeNamedApiKeys } from "./repository";
import { demoSeeders } from "./seeders";

const DEMO_EMAIL = "demo@example.com";
const QUICKSTART_KEY_NAME = "quickstart";

/** What the start that created the demo prints, once: nothing of it is stored in clear. */
export type DemoCredentials = { merchantId: string; storeId: string; email: string; password: string; apiKey: string };

/**
 * Does this start seed the demo merchant? `SEED_DEMO=false`: never. `SEED_DEMO=true`: whenever
 * no demo login exists yet. Unset: only on the start that finds an empty database (a first run),
 * never on a database that already holds merchants.
 */
export function shouldSeedDemo(setting: string | undefined, databaseIsEmpty: boolean): boolean {
  if (setting === "false") return false;
  return setting === "true" || databaseIsEmpty;
}

export async function isDatabaseEmpty(): Promise<boolean> {
  return !(await anyMerchantExists());
}

/**
 * Creates the demo merchant (a hosting merchant with sample records from each area's seeder)
 * unless its login exists. Its password (DEMO_PASSWORD or generated) and API key are returned
 * to be printed once; only their hashes are stored.
 */
export async function seedDemo(email = DEMO_EMAIL): Promise<DemoCredentials | null> {
  if (await findUserByEmail(email)) return null;
  const password = process.env.DEMO_PASSWORD || newSecret(12);
  const created = await createMerchant({
    name: "Demo Shop",
    hosting: true,
    ownerEmail: email,
    ownerPassword: password,
  });
  for (const seed of demoSeeders) await seed({ merchantId: created.merchant_id, storeId: created.store_id });
  return { merchantId: created.merchant_id, storeId: created.store_id, email, password, apiKey: created.api_key };
}

/**
 * `admin reset-demo-login`: a new password for the demo login (DEMO_PASSWORD, `password`, or
 * generated) and, with `apiKey`, a new quickstart API key replacing the previous one.
 */
export async function resetDemoLogin(
  options: { email?: string; password?: string; apiKey?: boolean } = {},
): Promise<{ email: string; password: string; api_key?: string } | null> {
  const email = (options.email ?? DEMO_EMAIL).toLowerCase();
  const user = await findUserByEmail(email);
  if (!user) return null;
  const password = options.password || process.env.DEMO_PASSWORD || newSecret(12);
  await setPasswordHash(user.id, await hashPassword(password));
  if (!options.apiKey) return { email, password };
  await revokeNamedApiKeys(user.merchant_id, QUICKSTART_KEY_NAME, Date.now());
  const key = await createApiKey({ merchantId: user.merchant_id, name: QUICKSTART_KEY_NAME });
  return { email, password, api_key: key.apiKey };
}

/** Earlier versions kept the demo password in clear in DATA_DIR/demo-login.json: remove it. */
export function removeLegacyDemoLoginFile(): boolean {
  const file = path.join(dataDir(), "demo-login.json");
  if (!existsSync(file)) return false;
  rmSync(file);
  return true;
}
