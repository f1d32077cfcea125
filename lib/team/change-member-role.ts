import { endUserSessions } from "@/lib/sessions/sessions";
import { recordAudit } from "@/lib/audit/record";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { lastOwner } from "./errors";
import { requireTeamManager, type TeamActor } from "./permissions";
import { findMember, lockTeam, ownerCount, setMemberRole } from "./repository";
import type { TeamRole } from "./schema";

export async function changeMemberRole({
  ctx: actor,
  input: { user_id: userId, role },
}: {
  ctx: TeamActor & { sessionId?: string };
  input: { user_id: string; role: TeamRole };
}): Promise<void> {
  await transaction(async (tx) => {
    await lockTeam(tx, actor.merchantId);
    const user = await findMember(tx, actor.merchantId, userId);
    if (!user) throw new DomainError("NOT_FOUND", "no such team member");
    requireTeamManager(actor, user.role, role);
    if (user.role === role) return;
    if (user.role === "OWNER" && (await ownerCount(tx, actor.merchantId)) <= 1) throw lastOwner();
    // An owner acts on the whole merchant, so the role is never store-limited.
    await setMemberRole(tx, userId, role, role === "OWNER" ? null : user.store_id);
    // Their sessions end (but the one making the change, if they changed their own role).
    await endUserSessions(tx, userId, userId === actor.userId ? actor.sessionId : undefined);
    await recordAudit(tx, {
      merchantId: actor.merchantId,
      action: "user.role_change",
      targetId: userId,
      before: { email: user.email, role: user.role },
      after: { role },
    });
  });
}
