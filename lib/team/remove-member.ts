import { endUserSessions } from "@/lib/sessions/sessions";
import { recordAudit } from "@/lib/audit/record";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { lastOwner } from "./errors";
import { requireTeamManager, type TeamActor } from "./permissions";
import { deleteMember, findMember, lockTeam, ownerCount } from "./repository";

/** Removes a login (never the last owner); their audit entries stay, with the name they had. */
export async function removeMember({
  ctx: actor,
  input: { user_id: userId },
}: {
  ctx: TeamActor;
  input: { user_id: string };
}): Promise<void> {
  await transaction(async (tx) => {
    await lockTeam(tx, actor.merchantId);
    const user = await findMember(tx, actor.merchantId, userId);
    if (!user) throw new DomainError("NOT_FOUND", "no such team member");
    requireTeamManager(actor, user.role);
    if (user.role === "OWNER" && (await ownerCount(tx, actor.merchantId)) <= 1) throw lastOwner();
    await deleteMember(tx, userId);
    await endUserSessions(tx, userId);
    await recordAudit(tx, {
      merchantId: actor.merchantId,
      action: "user.remove",
      targetId: userId,
      before: { email: user.email, role: user.role },
    });
  });
}
