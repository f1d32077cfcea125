import { sha256 } from "@/lib/crypto";
import type { SealedAuditRow } from "./repository";

export const GENESIS_HASH = "0".repeat(64);

/** Every field but the hash itself, in a fixed order: changing any of them breaks the chain. */
export function entryHash(e: Omit<SealedAuditRow, "hash">): string {
  return sha256(
    JSON.stringify([
      e.id,
      e.merchant_id,
      Number(e.seq),
      e.actor_type,
      e.actor_id,
      e.actor_name,
      e.action,
      e.target_id,
      e.summary,
      e.ip_address,
      Number(e.created_at),
      e.prev_hash,
    ]),
  );
}
