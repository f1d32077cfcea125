"use client";

import { useQuery } from "@tanstack/react-query";
import { InvitationsCard } from "@/components/team/invitations-card";
import { InviteForm } from "@/components/team/invite-form";
import { MembersTable, TEAM_KEY } from "@/components/team/members-table";
import { PasswordCard } from "@/components/team/password-card";
import { RequireTwoFactor } from "@/components/team/require-two-factor";
import { TwoFactorCard } from "@/components/team/two-factor-card";
import { useT } from "@/components/i18n-provider";
import { Alert, PageHeader } from "@/components/ui/card";
import { QueryError } from "@/components/ui/query-error";
import { unwrap } from "@/lib/dashboard/unwrap";
import { teamAction } from "@/components/team/actions";

export function TeamClient({
  canManage,
  isOwner,
  mustEnroll,
  stores,
}: {
  canManage: boolean;
  isOwner: boolean;
  mustEnroll: boolean;
  stores: { id: string; name: string }[];
}) {
  const t = useT();
  const team = useQuery({ queryKey: TEAM_KEY, queryFn: async () => unwrap(await teamAction({})) });
  const me = team.data?.members.find((m) => m.you);
  return (
    <div className="space-y-4">
      <PageHeader title={t("team.title")} />
      {team.error ? <QueryError error={team.error} onRetry={() => void team.refetch()} /> : null}
      <section aria-labelledby="account-heading" className="space-y-4">
        <h2 id="account-heading" className="text-base font-semibold">
          {t("account.title")}
        </h2>
        <TwoFactorCard
          enabled={me?.twoFactor ?? false}
          mustEnroll={mustEnroll}
          required={team.data?.requireTwoFactor ?? false}
        />
        <PasswordCard />
      </section>
      <section aria-labelledby="members-heading" className="space-y-4">
        <h2 id="members-heading" className="text-base font-semibold">
          {t("team.members")}
        </h2>
        {canManage ? null : <Alert kind="info">{t("team.viewerCannot")}</Alert>}
        <MembersTable members={team.data?.members} canManage={canManage} isOwner={isOwner} />
        {canManage ? <InviteForm isOwner={isOwner} stores={stores} /> : null}
        {canManage && team.data ? <InvitationsCard invitations={team.data.invitations} /> : null}
        {isOwner && team.data ? <RequireTwoFactor required={team.data.requireTwoFactor} /> : null}
      </section>
    </div>
  );
}
