"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useFormat, useT } from "@/components/i18n-provider";
import { DataTable } from "@/components/ui/data-table";
import type { TeamMember } from "@/lib/team/schema";
import { MemberCards } from "./member-cards";
import { RemoveControl, RoleControl, useMemberMutations } from "./member-controls";

export { TEAM_KEY } from "./member-controls";

/**
 * The merchant's users: a table from 640 px up, one card per member below (the table's role
 * selector sat off-screen on a phone). Managers change roles and remove (an admin never touches an owner).
 */
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
  const mutations = useMemberMutations();
  const permissions = useMemo(() => ({ canManage, isOwner }), [canManage, isOwner]);

  const columns = useMemo<ColumnDef<TeamMember>[]>(
    () => [
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
        cell: ({ row }) => <RoleControl member={row.original} permissions={permissions} mutations={mutations} />,
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
        cell: ({ row }) => <RemoveControl member={row.original} permissions={permissions} mutations={mutations} />,
      },
    ],
    [t, fmt, permissions, mutations],
  );

  return (
    <>
      <div className="sm:hidden">
        <MemberCards members={members} permissions={permissions} mutations={mutations} />
      </div>
      <div className="hidden sm:block">
        <DataTable
          columns={columns}
          data={members}
          loading={members === undefined}
          testId="team-members"
          rowTestId={(m) => `member-${m.email}`}
          label={t("team.members")}
        />
      </div>
    </>
  );
}
