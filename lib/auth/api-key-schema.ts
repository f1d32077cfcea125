import { z } from "zod";
import { idRef, text } from "@/lib/schema/fields";

export const createApiKeyInput = z.object({
  name: text(100).trim().min(1, "Required"),
  limitToStore: z.boolean(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;

export const revokeApiKeyInput = z.object({ id: idRef });
export type RevokeApiKeyInput = z.infer<typeof revokeApiKeyInput>;

/** What the dashboard shows of a key: never the secret, which exists only at creation. */
export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  storeId: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
