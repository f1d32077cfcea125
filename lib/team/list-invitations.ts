import type { TeamActor } from "./permissions";
import { pendingInvitations } from "./repository";
import type { PendingInvitation } from "./schema";

/** Pending invitations, for owners and admins of the whole merchant (others see none). */
export async function listInvitations({ ctx: actor }: { ctx: TeamActor }): Promise<PendingInvitation[]> {
  if (actor.storeLimited || actor.role === "VIEWER") return [];
  const rows = await pendingInvitations(actor.merchantId, Date.now());
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    storeId: r.store_id,
    expiresAt: new Date(Number(r.expires_at)).toISOString(),
    invitedBy: r.inviter ?? "",
  }));
}
