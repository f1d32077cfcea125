"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useFormat, useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useErrorMessage } from "@/components/ui/error-message";
import { unwrap } from "@/lib/dashboard/unwrap";
import type { PendingInvitation } from "@/lib/team/schema";
import { revokeInvitationAction } from "@/components/team/actions";
import { TEAM_KEY } from "./members-table";

export function InvitationsCard({ invitations }: { invitations: PendingInvitation[] }) {
  const t = useT();
  const fmt = useFormat();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: async (id: string) => unwrap(await revokeInvitationAction({ id })),
    onSuccess: () => {
      toast.success(t("team.withdrawn"));
      void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
    },
    onError: (e: Error) => toast.error(errorText(e)),
  });
  return (
    <Card title={t("team.pending")}>
      {invitations.length === 0 ? <p className="text-sm text-slate-600">{t("team.noPending")}</p> : null}
      <ul className="divide-y divide-slate-100 text-sm" data-testid="pending-invitations">
        {invitations.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {i.email} · {t(`enum.role.${i.role}`)} ·{" "}
              <span className="text-slate-500">{t("team.expires", { at: fmt.dateTime(i.expiresAt) })}</span>
            </span>
            <Button variant="secondary" disabled={revoke.isPending} onClick={() => revoke.mutate(i.id)}>
              {t("team.withdraw")}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
