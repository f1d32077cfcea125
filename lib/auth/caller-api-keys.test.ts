import { describe, expect, it } from "vitest";
import { findActiveApiKey } from "@/lib/auth/api-keys";
import type { AuthContext } from "@/lib/auth/context";
import { contextOf } from "@/lib/testing/billing";
import { newMerchant } from "@/lib/testing/fixtures";
import { addStoreWithLimitedKey } from "@/lib/testing/tenants";
import { createCallerApiKey } from "./create-caller-api-key";
import { listCallerApiKeys } from "./list-caller-api-keys";
import { revokeCallerApiKey } from "./revoke-caller-api-key";

/** A merchant with its default store and a second store, each holding a store-limited key. */
async function merchantWithTwoStores() {
  const m = await newMerchant();
  const ctxOf = (storeId: string, storeLimited: boolean): AuthContext => ({ ...contextOf(m), storeId, storeLimited });
  const merchantWide = ctxOf(m.store_id, false);
  const mine = await createCallerApiKey({ ctx: merchantWide, input: { name: "default store", limitToStore: true } });
  const second = await addStoreWithLimitedKey(m.merchant_id);
  const secondKeys = await listCallerApiKeys({ ctx: ctxOf(second.storeId, true) });
  return { m, merchantWide, limited: ctxOf(second.storeId, true), mine, secondKey: secondKeys[0]!, second };
}

// The store-limited key rules are the verbs' own: whoever calls them, a caller
// limited to one store sees, mints and revokes only that store's keys.
describe("API keys as a store-limited caller", () => {
  it("lists only its own store's keys; a merchant-wide caller lists all", async () => {
    const { limited, merchantWide, mine, secondKey, second } = await merchantWithTwoStores();
    const seen = await listCallerApiKeys({ ctx: limited });
    expect(seen.map((k) => k.id)).toEqual([secondKey.id]);
    expect(seen.every((k) => k.storeId === second.storeId)).toBe(true);
    const all = (await listCallerApiKeys({ ctx: merchantWide })).map((k) => k.id);
    expect(all).toEqual(expect.arrayContaining([mine.id, secondKey.id]));
  });

  it("cannot revoke another store's key: NOT_FOUND, and the key still works", async () => {
    const { limited, mine } = await merchantWithTwoStores();
    await expect(revokeCallerApiKey({ ctx: limited, input: { id: mine.id } })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await findActiveApiKey(mine.apiKey)).toMatchObject({ id: mine.id, revoked_at: null });
  });

  it("revokes its own store's key once; a second revoke and another merchant's caller get NOT_FOUND", async () => {
    const { limited, secondKey } = await merchantWithTwoStores();
    const other = await newMerchant();
    const stranger: AuthContext = { ...limited, merchantId: other.merchant_id, storeId: other.store_id };
    await expect(revokeCallerApiKey({ ctx: stranger, input: { id: secondKey.id } })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await revokeCallerApiKey({ ctx: limited, input: { id: secondKey.id } })).toEqual({});
    const [after] = await listCallerApiKeys({ ctx: limited });
    expect(after?.revokedAt).not.toBeNull();
    await expect(revokeCallerApiKey({ ctx: limited, input: { id: secondKey.id } })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("mints keys limited to its own store even when it asks for a merchant-wide one", async () => {
    const { limited, second, merchantWide } = await merchantWithTwoStores();
    const created = await createCallerApiKey({ ctx: limited, input: { name: "wide?", limitToStore: false } });
    expect(await findActiveApiKey(created.apiKey)).toMatchObject({ store_id: second.storeId });
    const wide = await createCallerApiKey({ ctx: merchantWide, input: { name: "wide", limitToStore: false } });
    expect(await findActiveApiKey(wide.apiKey)).toMatchObject({ store_id: null });
  });
});
