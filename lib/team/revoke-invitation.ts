import { recordAudit } from "@/lib/audit/record";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { requireTeamManager, type TeamActor } from "./permissions";
import { findPendingInvitation, markInvitationRevoked } from "./repository";

export async function revokeInvitation({
  ctx: actor,
  input: { id },
}: {
  ctx: TeamActor;
  input: { id: string };
}): Promise<void> {
  await transaction(async (tx) => {
    const inv = await findPendingInvitation(tx, actor.merchantId, id);
    if (!inv) throw new DomainError("NOT_FOUND", "no pending invitation");
    requireTeamManager(actor, inv.role);
    await markInvitationRevoked(tx, id, Date.now());
    await recordAudit(tx, {
      merchantId: actor.merchantId,
      action: "invitation.revoke",
      targetId: id,
      before: { email: inv.email, role: inv.role },
    });
  });
}
