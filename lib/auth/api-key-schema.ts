import { z } from "zod";

export const createApiKeyInput = z.object({
  name: z.string().trim().min(1, "Required").max(100),
  limitToStore: z.boolean(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;

export const revokeApiKeyInput = z.object({ id: z.string().min(1) });

/** What the dashboard shows of a key: never the secret, which exists only at creation. */
export type ApiKeyView = { id: string; name: string; prefix: string; storeId: string | null; createdAt: string; lastUsedAt: string | null; revokedAt: string | null };
