"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { unwrap } from "@/lib/dashboard/unwrap";
import { bookedSchedulesAction, deleteBillingKeyAction } from "@/app/dashboard/billing-keys/actions";

/**
 * Confirms deleting a key. The spec refuses deletion while schedules are booked
 * (BOOKED_SCHEDULE_EXISTENCE), so the dialog names them and offers to cancel them first.
 */
export function DeleteKeyDialog({ billingKey, onClose, onDeleted }: { billingKey: string; onClose: () => void; onDeleted: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const booked = useQuery({ queryKey: ["booked-schedules", billingKey], queryFn: async () => unwrap(await bookedSchedulesAction({ billing_key: billingKey })) });
  const remove = useMutation({
    mutationFn: async () => unwrap(await deleteBillingKeyAction({ billing_key: billingKey, cancel_schedules: (booked.data?.length ?? 0) > 0 })),
    onSuccess: () => {
      // Schedules may have been cancelled and the key is no longer bookable.
      for (const queryKey of [["schedules"], ["bookable-keys"], ["booked-schedules"]]) void queryClient.invalidateQueries({ queryKey });
      onDeleted();
    },
  });
  const schedules = booked.data ?? [];
  return (
    <div className="fixed inset-0 z-10 flex items-center justify-center bg-slate-900/40 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby="delete-key-title" className="w-full max-w-lg space-y-3 rounded-lg bg-white p-5 shadow-lg">
        <h2 id="delete-key-title" className="text-base font-semibold break-all">
          {t("billingKeys.deleteTitle", { key: billingKey })}
        </h2>
        <p className="text-sm text-slate-600">{t("billingKeys.deleteBody")}</p>
        {schedules.length > 0 ? (
          <div className="text-sm" data-testid="booked-schedules">
            <p className="font-medium">{t("billingKeys.bookedSchedules")}</p>
            <ul className="mt-1 list-disc pl-5">
              {schedules.map((s) => (
                <li key={s.id}>
                  {s.payment_id} · {new Date(s.scheduled_at).toLocaleString()} <span className="text-xs text-slate-500">({s.id})</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {remove.error ? <Alert>{remove.error.message}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("billingKeys.keep")}
          </Button>
          <Button variant="danger" disabled={booked.isLoading || remove.isPending} onClick={() => remove.mutate()}>
            {schedules.length > 0 ? t("billingKeys.confirmCancelAndDelete") : t("billingKeys.confirmDelete")}
          </Button>
        </div>
      </div>
    </div>
  );
}
