import { listInvitations } from "./list-invitations";
import { listMembers } from "./list-members";
import type { TeamActor } from "./permissions";
import { twoFactorRequired } from "./repository";

/** The team page: members, pending invitations and whether the owner requires two-factor. */
export async function teamOverview({ ctx }: { ctx: TeamActor }) {
  const [members, invitations, requireTwoFactor] = await Promise.all([
    listMembers({ ctx }),
    listInvitations({ ctx }),
    twoFactorRequired(ctx.merchantId),
  ]);
  return { members, invitations, requireTwoFactor };
}
