"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useErrorMessage } from "@/components/ui/error-message";
import { unwrap } from "@/lib/dashboard/unwrap";
import { requireTwoFactorAction } from "@/components/team/actions";
import { TEAM_KEY } from "./members-table";

/** OWNER only: two-factor for everyone. */
export function RequireTwoFactor({ required }: { required: boolean }) {
  const t = useT();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: async (next: boolean) => unwrap(await requireTwoFactorAction({ required: next })),
    onSuccess: () => {
      toast.success(t("team.requireChanged"));
      void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
    },
    onError: (e: Error) => toast.error(errorText(e)),
  });
  return (
    <Card title={t("team.requireTitle")}>
      <p className="mb-2 text-sm text-slate-600">{required ? t("team.required") : t("team.requireBody")}</p>
      <Button
        variant={required ? "secondary" : "primary"}
        disabled={change.isPending}
        onClick={() => change.mutate(!required)}
      >
        {required ? t("team.requireOff") : t("team.requireOn")}
      </Button>
    </Card>
  );
}
