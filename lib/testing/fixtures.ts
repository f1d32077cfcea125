import { loginWithApiKey } from "@/lib/auth/tokens";
import { createMerchant, type CreatedMerchant } from "@/lib/tenancy/create-merchant";
import { addStoreEndpoint } from "./webhook-endpoint";
import { apiAs } from "./api";

let counter = 0;

/**
 * A fresh merchant (own tenant, so tests never share data) logged in through its API key;
 * `webhookUrl` gives its store a webhook endpoint taking every event, signed with the store's secret.
 */
export async function newMerchant(options: { hosting?: boolean; name?: string; webhookUrl?: string } = {}) {
  counter += 1;
  const merchant: CreatedMerchant = await createMerchant({
    name: options.name ?? `Test merchant ${counter}`,
    hosting: options.hosting ?? false,
  });
  if (options.webhookUrl) await addStoreEndpoint(merchant, options.webhookUrl);
  const tokens = await loginWithApiKey(merchant.api_key);
  return { ...merchant, ...tokens, api: apiAs(tokens.accessToken) };
}

/**
 * The merchant with a client that stays in-process even in the HTTP pass: for a test that
 * registers adapters or hooks, or fakes the clock, in the test process.
 */
export function inProcess<M extends { accessToken: string }>(m: M) {
  return { ...m, api: apiAs(m.accessToken, { inProcess: true }) };
}
