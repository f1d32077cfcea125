"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useErrorMessage } from "@/components/ui/error-message";
import { Select } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { TEAM_ROLES, type TeamMember, type TeamRole } from "@/lib/team/schema";
import { changeRoleAction, removeMemberAction } from "@/components/team/actions";

export const TEAM_KEY = ["team"] as const;

/** Changing a role and removing a member, shared by the table (desktop) and the cards (phones). */
export function useMemberMutations() {
  const t = useT();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
  const changeRole = useMutation({
    mutationFn: async (v: { user_id: string; role: TeamRole }) => unwrap(await changeRoleAction(v)),
    onSuccess: () => {
      toast.success(t("team.roleChanged"));
      refresh();
    },
    onError: (e: Error) => {
      toast.error(errorText(e));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: async (userId: string) => unwrap(await removeMemberAction({ user_id: userId })),
    onSuccess: () => {
      toast.success(t("team.removed"));
      refresh();
    },
    onError: (e: Error) => toast.error(errorText(e)),
  });
  return { changeRole, remove };
}

export type MemberMutations = ReturnType<typeof useMemberMutations>;
export type MemberPermissions = { canManage: boolean; isOwner: boolean };

/** Managers change roles and remove; an admin never touches an owner. */
const mayTouch = (m: TeamMember, p: MemberPermissions) => p.canManage && (p.isOwner || m.role !== "OWNER");

export function RoleControl({
  member,
  permissions,
  mutations,
}: {
  member: TeamMember;
  permissions: MemberPermissions;
  mutations: MemberMutations;
}) {
  const t = useT();
  if (!mayTouch(member, permissions)) return <>{t(`enum.role.${member.role}`)}</>;
  return (
    <Select
      aria-label={t("team.changeRole", { name: member.name })}
      value={member.role}
      disabled={mutations.changeRole.isPending}
      onChange={(e) => mutations.changeRole.mutate({ user_id: member.id, role: e.target.value as TeamRole })}
    >
      {TEAM_ROLES.filter((r) => permissions.isOwner || r !== "OWNER").map((r) => (
        <option key={r} value={r}>
          {t(`enum.role.${r}`)}
        </option>
      ))}
    </Select>
  );
}

export function RemoveControl({
  member,
  permissions,
  mutations,
}: {
  member: TeamMember;
  permissions: MemberPermissions;
  mutations: MemberMutations;
}) {
  const t = useT();
  if (!mayTouch(member, permissions)) return null;
  return (
    <ConfirmDialog
      trigger={<Button variant="danger">{t("team.remove")}</Button>}
      title={t("team.removeTitle", { name: member.name })}
      body={<p>{t("team.removeBody", { email: member.email })}</p>}
      confirmLabel={t("team.remove")}
      onConfirm={() => mutations.remove.mutate(member.id)}
      pending={mutations.remove.isPending}
    />
  );
}
