import { type Executor, type Transaction, transaction } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import type { AuditAction } from "./actions";
import { currentCaller, type Actor } from "./actor";
import { GENESIS_HASH, entryHash } from "./hash";
import { appendEntry, bumpChainHead } from "./repository";

export type AuditChange = {
  merchantId: string;
  /** `<record kind>.<verb>`, e.g. `api_key.revoke` (lib/audit/actions.ts). */
  action: AuditAction;
  targetId: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
};

/**
 * Appends one entry to the merchant's hash chain, in the caller's DB transaction (the change and
 * its entry commit or roll back together). The actor comes from the request or action context;
 * without one (worker, sweep) nothing is recorded: only changes made through the dashboard or the
 * API are.
 */
export async function recordAudit(
  db: Executor,
  change: AuditChange,
  actor: Actor | undefined = currentCaller()?.actor,
): Promise<void> {
  if (!actor) return;
  if (!db.isTransaction) {
    await transaction((tx) => recordAudit(tx, change, actor));
    return;
  }
  const tx = db as Transaction;
  const head = await bumpChainHead(tx, change.merchantId, GENESIS_HASH);
  const entry = {
    id: newId("aud_"),
    merchant_id: change.merchantId,
    seq: head.seq,
    actor_type: actor.type,
    actor_id: actor.id,
    actor_name: actor.name,
    action: change.action,
    target_id: change.targetId,
    summary: JSON.stringify({
      ...(change.before ? { before: change.before } : {}),
      ...(change.after ? { after: change.after } : {}),
    }),
    ip_address: actor.ip,
    created_at: Date.now(),
    prev_hash: head.hash,
  };
  await appendEntry(tx, { ...entry, hash: entryHash(entry) });
}
