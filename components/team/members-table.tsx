"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { toast } from "sonner";
import { useFormat, useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/ui/data-table";
import { useErrorMessage } from "@/components/ui/error-message";
import { Select } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { TEAM_ROLES, type TeamMember, type TeamRole } from "@/lib/team/schema";
import { changeRoleAction, removeMemberAction } from "@/app/dashboard/team/actions";

export const TEAM_KEY = ["team"] as const;

/** The merchant's users; managers change roles and remove (an admin never touches an owner). */
export function MembersTable({
  members,
  canManage,
  isOwner,
}: {
  members: TeamMember[] | undefined;
  canManage: boolean;
  isOwner: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
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

  const columns = useMemo<ColumnDef<TeamMember>[]>(() => {
    const mayTouch = (m: TeamMember) => canManage && (isOwner || m.role !== "OWNER");
    return [
      {
        header: t("team.name"),
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {row.original.name} {row.original.you ? <span className="text-slate-500">{t("team.you")}</span> : null}
          </span>
        ),
      },
      { header: t("team.email"), accessorKey: "email" },
      {
        header: t("team.role"),
        cell: ({ row }) =>
          mayTouch(row.original) ? (
            <Select
              aria-label={t("team.changeRole", { name: row.original.name })}
              value={row.original.role}
              disabled={changeRole.isPending}
              onChange={(e) => changeRole.mutate({ user_id: row.original.id, role: e.target.value as TeamRole })}
            >
              {TEAM_ROLES.filter((r) => isOwner || r !== "OWNER").map((r) => (
                <option key={r} value={r}>
                  {t(`enum.role.${r}`)}
                </option>
              ))}
            </Select>
          ) : (
            t(`enum.role.${row.original.role}`)
          ),
      },
      { header: t("team.scope"), cell: ({ row }) => row.original.storeName ?? t("team.allStores") },
      {
        header: t("team.lastSignIn"),
        cell: ({ row }) =>
          row.original.lastSignInAt ? (
            <span className="whitespace-nowrap">{fmt.dateTime(row.original.lastSignInAt)}</span>
          ) : (
            t("team.never")
          ),
      },
      {
        header: t("team.twoFactor"),
        cell: ({ row }) => (row.original.twoFactor ? t("team.twoFactorOn") : t("team.twoFactorOff")),
      },
      {
        id: "actions",
        header: "",
        cell: ({ row }) =>
          mayTouch(row.original) ? (
            <ConfirmDialog
              trigger={<Button variant="danger">{t("team.remove")}</Button>}
              title={t("team.removeTitle", { name: row.original.name })}
              body={<p>{t("team.removeBody", { email: row.original.email })}</p>}
              confirmLabel={t("team.remove")}
              onConfirm={() => remove.mutate(row.original.id)}
              pending={remove.isPending}
            />
          ) : null,
      },
    ];
  }, [t, fmt, canManage, isOwner, changeRole, remove]);

  return (
    <DataTable
      columns={columns}
      data={members}
      loading={members === undefined}
      testId="team-members"
      rowTestId={(m) => `member-${m.email}`}
      label={t("team.members")}
    />
  );
}
