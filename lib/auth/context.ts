import type { Transaction } from "@/lib/db/transaction";

/** Who is calling: the merchant, the store in the token and whether the caller is limited to it. */
export type Origin = { platform_type: "PC" | "MOBILE" | "API"; ip_address: string; user_agent?: string; url?: string };

export type AuthContext = {
  merchantId: string;
  /** The store in the token: the key's store, or the merchant's default store. */
  storeId: string;
  /** True when the credential may only touch `storeId`. */
  storeLimited: boolean;
  hasHostingContract: boolean;
  origin: Origin;
  /** Present for API callers: the key they authenticated with (audit log, request log). */
  apiKey?: { id: string; name: string; prefix: string };
  /** Present for dashboard users: their role. API callers act with full rights. */
  role?: "OWNER" | "ADMIN" | "VIEWER";
  /**
   * The request's Idempotency-Key as `<store scope>/<key>` (CONTRACT §12): a verb that moves money
   * records it, so a retry after the first run died answers that run's outcome.
   */
  idempotencyKey?: string;
  /**
   * With an Idempotency-Key: keeps `answer` (what the verb will return) as the key's stored answer
   * inside the verb's own DB transaction, so the key completes in the outcome's commit instead of a
   * commit of its own. A verb that does not call it has the key completed after it returns.
   */
  keepAnswer?: (tx: Transaction, answer: unknown) => Promise<void>;
};
