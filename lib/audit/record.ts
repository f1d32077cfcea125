import { type Executor, type Transaction, transaction, whenSettled } from "@/lib/db/transaction";
import { newOrderedId } from "@/lib/ids";
import type { AuditAction } from "./actions";
import { currentCaller, type Actor } from "./actor";
import { insertUnsealedEntry } from "./repository";
import { sealSoon } from "./seal";

export type AuditChange = {
  merchantId: string;
  /** `<record kind>.<verb>`, e.g. `api_key.revoke` (lib/audit/actions.ts). */
  action: AuditAction;
  targetId: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
};

/**
 * Writes one entry in the caller's DB transaction (the change and its entry commit or roll back
 * together). The entry is written unchained, taking no lock other writers of the merchant wait
 * for; once the transaction has ended it is sealed into the merchant's hash chain (lib/audit/seal.ts,
 * the periodic task as backstop). The actor comes from the request or action context; without one
 * (worker, sweep) nothing is recorded: only changes made through the dashboard or the API are.
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
  await insertUnsealedEntry(tx, {
    id: newOrderedId("aud_"),
    merchant_id: change.merchantId,
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
  });
  whenSettled(tx, () => sealSoon(change.merchantId));
}
