"use server";

import { z } from "zod";
import { dashboardAction } from "@/lib/dashboard/action";
import { inviteMember } from "@/lib/team/invite-member";
import { revokeInvitation } from "@/lib/team/revoke-invitation";
import { changeMemberRole } from "@/lib/team/change-member-role";
import { removeMember } from "@/lib/team/remove-member";
import { setTwoFactorRequired } from "@/lib/team/set-two-factor-required";
import { teamOverview } from "@/lib/team/team-overview";
import { changePassword } from "@/lib/team/change-password";
import {
  changePasswordInput,
  changeRoleInput,
  invitationIdInput,
  inviteInput,
  memberInput,
  requireTwoFactorInput,
  totpCodeInput,
} from "@/lib/team/schema";
import { confirmTwoFactorEnrollment } from "@/lib/team/confirm-two-factor-enrollment";
import { disableTwoFactor } from "@/lib/team/disable-two-factor";
import { startTwoFactorEnrollment } from "@/lib/team/start-two-factor-enrollment";

export const teamAction = dashboardAction({ write: false, input: z.object({}), twoFactorSetup: true }, ({ ctx }) =>
  teamOverview({ ctx }),
);

export const inviteAction = dashboardAction({ write: true, input: inviteInput }, ({ ctx, input }) =>
  inviteMember({ ctx, input }),
);

export const changeRoleAction = dashboardAction({ write: true, input: changeRoleInput }, async ({ ctx, input }) => {
  await changeMemberRole({ ctx, input });
  return {};
});

export const removeMemberAction = dashboardAction({ write: true, input: memberInput }, async ({ ctx, input }) => {
  await removeMember({ ctx, input });
  return {};
});

export const revokeInvitationAction = dashboardAction(
  { write: true, input: invitationIdInput },
  async ({ ctx, input }) => {
    await revokeInvitation({ ctx, input });
    return {};
  },
);

export const requireTwoFactorAction = dashboardAction(
  { write: true, input: requireTwoFactorInput },
  async ({ ctx, input }) => {
    await setTwoFactorRequired({ ctx, input });
    return {};
  },
);

// Every user, viewers included, manages their own password and second factor.
export const changePasswordAction = dashboardAction(
  { write: false, input: changePasswordInput, twoFactorSetup: true },
  async ({ ctx, input }) => {
    await changePassword({ ctx, input });
    return {};
  },
);

export const startTwoFactorAction = dashboardAction(
  { write: false, input: z.object({}), twoFactorSetup: true },
  ({ ctx }) => startTwoFactorEnrollment({ ctx }),
);

export const confirmTwoFactorAction = dashboardAction(
  { write: false, input: totpCodeInput, twoFactorSetup: true },
  ({ ctx, input }) => confirmTwoFactorEnrollment({ ctx, input }),
);

export const disableTwoFactorAction = dashboardAction(
  { write: false, input: totpCodeInput, twoFactorSetup: true },
  async ({ ctx, input }) => {
    await disableTwoFactor({ ctx, input });
    return {};
  },
);
