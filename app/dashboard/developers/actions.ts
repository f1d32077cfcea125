"use server";

import { DomainError } from "@/lib/errors/domain-error";
import { createApiKeyInput, revokeApiKeyInput, type ApiKeyView } from "@/lib/auth/api-key-schema";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/auth/api-keys";
import { dashboardAction } from "@/lib/dashboard/action";
import { z } from "zod";

export const listKeysAction = dashboardAction(
  { write: false, input: z.object({}) },
  async ({ ctx }): Promise<ApiKeyView[]> => {
    const rows = await listApiKeys(ctx.merchantId);
    return rows
      .filter((r) => !ctx.storeLimited || r.store_id === ctx.storeId)
      .map((r) => ({
        id: r.id,
        name: r.name,
        prefix: r.key_prefix,
        storeId: r.store_id,
        createdAt: new Date(r.created_at).toISOString(),
        lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
        revokedAt: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
      }));
  },
);

export const createKeyAction = dashboardAction({ write: true, input: createApiKeyInput }, async ({ ctx, input }) => {
  // A store-limited user can only mint keys for their own store.
  const storeId = input.limitToStore || ctx.storeLimited ? ctx.storeId : null;
  const created = await createApiKey({ merchantId: ctx.merchantId, storeId, name: input.name });
  return { id: created.id, apiKey: created.apiKey };
});

export const revokeKeyAction = dashboardAction({ write: true, input: revokeApiKeyInput }, async ({ ctx, input }) => {
  if (ctx.storeLimited) {
    const keys = await listApiKeys(ctx.merchantId);
    if (!keys.some((k) => k.id === input.id && k.store_id === ctx.storeId))
      throw new DomainError("NOT_FOUND", "key not found");
  }
  if (!(await revokeApiKey(ctx.merchantId, input.id))) throw new DomainError("NOT_FOUND", "key not found");
  return {};
});
