import { sql } from "kysely";
import type { Db, Tx } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import type { AuditAction } from "./actions";
import { currentCaller, type Actor } from "./actor";
import { GENESIS_HASH, entryHash } from "./hash";

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
 * API are. Bumping the merchant's chain head takes its row lock, so concurrent writers of one
 * merchant append one after the other on PostgreSQL (SQLite's write lock does the same).
 */
export async function recordAudit(db: Db | Tx, change: AuditChange, actor: Actor | undefined = currentCaller()?.actor): Promise<void> {
  if (!actor) return;
  if (!db.isTransaction) {
    await db.transaction().execute((tx) => recordAudit(tx, change, actor));
    return;
  }
  await db.insertInto("audit_heads").values({ merchant_id: change.merchantId, seq: 0, hash: GENESIS_HASH }).onConflict((oc) => oc.column("merchant_id").doNothing()).execute();
  const head = await db
    .updateTable("audit_heads")
    .set({ seq: sql`seq + 1` })
    .where("merchant_id", "=", change.merchantId)
    .returning(["seq", "hash"])
    .executeTakeFirstOrThrow();
  const entry = {
    id: newId("aud_"),
    merchant_id: change.merchantId,
    seq: Number(head.seq),
    actor_type: actor.type,
    actor_id: actor.id,
    actor_name: actor.name,
    action: change.action,
    target_id: change.targetId,
    summary: JSON.stringify({ ...(change.before ? { before: change.before } : {}), ...(change.after ? { after: change.after } : {}) }),
    ip_address: actor.ip,
    created_at: Date.now(),
    prev_hash: head.hash,
  };
  const hash = entryHash(entry);
  await db.insertInto("audit_log").values({ ...entry, hash }).execute();
  await db.updateTable("audit_heads").set({ hash }).where("merchant_id", "=", change.merchantId).execute();
}
