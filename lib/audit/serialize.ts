import type { AuditRecord } from "./repository";
import type { AuditEntry } from "./schema";

export function toAuditEntry(r: AuditRecord): AuditEntry {
  return {
    id: r.id,
    seq: r.seq === null ? null : Number(r.seq),
    actorType: r.actor_type,
    actorId: r.actor_id,
    actorName: r.actor_name,
    action: r.action,
    targetId: r.target_id,
    summary: r.summary,
    ipAddress: r.ip_address,
    createdAt: new Date(Number(r.created_at)).toISOString(),
  };
}
