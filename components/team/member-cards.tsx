"use client";

import { useFormat, useT } from "@/components/i18n-provider";
import { Skeleton } from "@/components/ui/skeleton";
import type { TeamMember } from "@/lib/team/schema";
import { type MemberMutations, type MemberPermissions, RemoveControl, RoleControl } from "./member-controls";

/**
 * The members on a phone: one card each (name and e-mail, role, stores, last sign-in, two-factor,
 * remove), so the role selector is on screen without scrolling a table sideways.
 */
export function MemberCards({
  members,
  permissions,
  mutations,
}: {
  members: TeamMember[] | undefined;
  permissions: MemberPermissions;
  mutations: MemberMutations;
}) {
  const t = useT();
  const fmt = useFormat();
  if (members === undefined)
    return (
      <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-4" aria-busy="true">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-4 w-56" />
      </div>
    );
  return (
    <ul className="space-y-3" aria-label={t("team.members")} data-testid="team-member-cards">
      {members.map((m) => (
        <li
          key={m.id}
          className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 text-sm"
          data-testid={`member-card-${m.email}`}
        >
          <p className="font-medium break-words">
            {m.name} {m.you ? <span className="font-normal text-slate-500">{t("team.you")}</span> : null}
          </p>
          <p className="text-slate-600 break-all">{m.email}</p>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2">
            <dt className="text-slate-500">{t("team.role")}</dt>
            <dd className="min-w-0">
              <RoleControl member={m} permissions={permissions} mutations={mutations} />
            </dd>
            <dt className="text-slate-500">{t("team.scope")}</dt>
            <dd className="min-w-0 break-words">{m.storeName ?? t("team.allStores")}</dd>
            <dt className="text-slate-500">{t("team.lastSignIn")}</dt>
            <dd>{m.lastSignInAt ? fmt.dateTime(m.lastSignInAt) : t("team.never")}</dd>
            <dt className="text-slate-500">{t("team.twoFactor")}</dt>
            <dd>{m.twoFactor ? t("team.twoFactorOn") : t("team.twoFactorOff")}</dd>
          </dl>
          <div className="mt-3 flex justify-end empty:hidden">
            <RemoveControl member={m} permissions={permissions} mutations={mutations} />
          </div>
        </li>
      ))}
    </ul>
  );
}
