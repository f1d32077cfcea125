import { z } from "zod";
import { idRef, text } from "@/lib/schema/fields";

/** Client-safe: the team page's forms and the server actions parse with these. */
export const TEAM_ROLES = ["OWNER", "ADMIN", "VIEWER"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

const newPassword = text(200).min(10, "must be at least 10 characters");

export const inviteInput = z.object({
  email: text(200).trim().email("must be an e-mail address"),
  role: z.enum(TEAM_ROLES),
  /** Limit the new user to one store (empty: every store). */
  store_id: idRef.nullable().optional(),
});
export type InviteInput = z.input<typeof inviteInput>;

export const changeRoleInput = z.object({ user_id: idRef, role: z.enum(TEAM_ROLES) });
export const memberInput = z.object({ user_id: idRef });
export const invitationIdInput = z.object({ id: idRef });

export const changePasswordInput = z.object({ current: text(200).min(1), next: newPassword });
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

export const acceptInvitationInput = z.object({
  token: text(100).min(20),
  name: text(100).trim().min(1),
  password: newPassword,
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationInput>;

export const requireTwoFactorInput = z.object({ required: z.boolean() });

/** A 6-digit TOTP code or a recovery code (xxxxx-xxxxx). */
const secondFactorCode = text(20).trim().min(6);
export const totpCodeInput = z.object({ code: secondFactorCode });

export type TeamMember = {
  id: string;
  name: string;
  email: string;
  role: TeamRole;
  storeId: string | null;
  storeName: string | null;
  lastSignInAt: string | null;
  twoFactor: boolean;
  you: boolean;
};

export type PendingInvitation = {
  id: string;
  email: string;
  role: TeamRole;
  storeId: string | null;
  expiresAt: string;
  invitedBy: string;
};
