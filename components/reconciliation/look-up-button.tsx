"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { lookUpAction } from "@/components/reconciliation/actions";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { unwrap } from "@/lib/dashboard/unwrap";

/** "Look up now": asks the provider about one unsettled item, then shows the refreshed report. */
export function LookUpButton({ kind, id }: { kind: "attempt" | "cancellation" | "late_approval_refund"; id: string }) {
  const t = useT();
  const router = useRouter();
  const lookUp = useMutation({
    mutationFn: async () => unwrap(await lookUpAction({ kind, id })),
    // The answer is shown by the page (the row may be gone once settled).
    onSuccess: (result) => router.replace(`/dashboard/reconciliation?lookup=${result.settled ? "settled" : "waiting"}`),
  });
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button variant="secondary" disabled={lookUp.isPending} onClick={() => lookUp.mutate()}>
        {t("reconciliation.lookUp")}
      </Button>
      {lookUp.error ? (
        <span role="alert" className="text-xs text-red-700">
          {lookUp.error.message}
        </span>
      ) : null}
    </span>
  );
}
