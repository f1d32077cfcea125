import { type Executor, type Transaction, transaction, whenSettled } from "@/lib/db/transaction";
import { newOrderedId } from "@/lib/ids";
import type { AuditAction } from "./actions";
import { currentCaller, type Actor } from "./actor";
import { insertUnsealedEntry, type UnsealedEntry } from "./repository";
import { sealSoon } from "./seal";

export type { UnsealedEntry };

/**
 * BENCH_NO_AUDIT=true records nothing: only for pricing the audit log in bench/http-ratio.ts. Never
 * set it where the audit log matters (every deployment): changes would go unrecorded.
 */
const benchWithoutAudit = process.env.BENCH_NO_AUDIT === "true";

export type AuditChange = {
  merchantId: string;
  /** `<record kind>.<verb>`, e.g. `api_key.revoke` (lib/audit/actions.ts). */
  action: AuditAction;
  targetId: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
};

/**
 * The entry a change makes, ready to write (unchained), or undefined when nothing is recorded: the
 * actor comes from the request or action context, and without one (worker, sweep) there is none:
 * only changes made through the dashboard or the API are recorded.
 */
export function auditEntryOf(change: AuditChange, actor: Actor | undefined = currentCaller()?.actor) {
  if (!actor || benchWithoutAudit) return undefined;
  return {
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
  } satisfies UnsealedEntry;
}

/**
 * For a statement of the caller's that wrote `entry` with the change it records (one round trip:
 * lib/payments/transactions/repository.ts): seals it into the merchant's chain once `tx` has ended.
 */
export function sealWrittenEntry(tx: Transaction, entry: UnsealedEntry): void {
  whenSettled(tx, () => sealSoon(entry.merchant_id));
}

/**
 * Writes one entry in the caller's DB transaction (the change and its entry commit or roll back
 * together). The entry is written unchained, taking no lock other writers of the merchant wait
 * for; once the transaction has ended it is sealed into the merchant's hash chain (lib/audit/seal.ts,
 * the periodic task as backstop). Nothing is recorded without an actor (auditEntryOf).
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
  await writeAuditEntry(db as Transaction, auditEntryOf(change, actor));
}

/** Writes an entry made by auditEntryOf (none: nothing) in `tx`, sealed once `tx` has ended. */
export async function writeAuditEntry(tx: Transaction, entry: UnsealedEntry | undefined): Promise<void> {
  if (!entry) return;
  await insertUnsealedEntry(tx, entry);
  sealWrittenEntry(tx, entry);
}
