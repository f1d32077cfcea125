import { z } from "zod";
import { idRef, text } from "@/lib/schema/fields";

/** Filters of the audit log page, its URL query and its CSV export. */
export const auditFilters = z.object({
  /** A user id or API key id. */
  actor: idRef.optional(),
  /** An action (`api_key.revoke`) or a record kind (`api_key`). */
  action: text(60).optional(),
  target: idRef.optional(),
  from: z.coerce.number().int().min(0).max(8.64e15).optional(),
  until: z.coerce.number().int().min(0).max(8.64e15).optional(),
  /** Keyset: entries before this sequence number. */
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;

export type AuditEntry = {
  id: string;
  /** Position in the merchant's hash chain; null while the committed entry awaits sealing. */
  seq: number | null;
  actorType: "USER" | "API_KEY" | "SYSTEM";
  actorId: string | null;
  actorName: string;
  action: string;
  targetId: string;
  summary: { before?: Record<string, unknown>; after?: Record<string, unknown> };
  ipAddress: string | null;
  createdAt: string;
};
