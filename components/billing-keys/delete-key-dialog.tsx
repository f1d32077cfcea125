"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useFormat, useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { useErrorMessage } from "@/components/ui/error-message";
import { unwrap } from "@/lib/dashboard/unwrap";
import { bookedSchedulesAction, deleteBillingKeyAction } from "@/components/billing-keys/actions";

/**
 * Confirms deleting a key (Radix Dialog: focus moves in, Esc closes). The spec refuses deletion
 * while schedules are booked (BOOKED_SCHEDULE_EXISTENCE), so the dialog names them and offers to
 * cancel them first.
 */
export function DeleteKeyDialog({
  billingKey,
  onClose,
  onDeleted,
}: {
  billingKey: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const booked = useQuery({
    queryKey: ["booked-schedules", billingKey],
    queryFn: async () => unwrap(await bookedSchedulesAction({ billing_key: billingKey })),
  });
  const remove = useMutation({
    mutationFn: async () =>
      unwrap(
        await deleteBillingKeyAction({ billing_key: billingKey, cancel_schedules: (booked.data?.length ?? 0) > 0 }),
      ),
    onSuccess: () => {
      // Schedules may have been cancelled and the key is no longer bookable.
      for (const queryKey of [["schedules"], ["bookable-keys"], ["booked-schedules"]])
        void queryClient.invalidateQueries({ queryKey });
      toast.success(t("billingKeys.deleted"));
      onDeleted();
    },
    onError: (e) => toast.error(errorText(e)),
  });
  const schedules = booked.data ?? [];
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 space-y-3 rounded-lg bg-white p-5 shadow-xl">
          <Dialog.Title className="text-base font-semibold break-all">
            {t("billingKeys.deleteTitle", { key: billingKey })}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">{t("billingKeys.deleteBody")}</Dialog.Description>
          {schedules.length > 0 ? (
            <div className="text-sm" data-testid="booked-schedules">
              <p className="font-medium">{t("billingKeys.bookedSchedules")}</p>
              <ul className="mt-1 list-disc pl-5">
                {schedules.map((s) => (
                  <li key={s.id}>
                    {s.payment_id} · {fmt.dateTime(s.scheduled_at)} · {fmt.money(s.total_amount, s.currency)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {remove.error ? <Alert>{errorText(remove.error)}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">{t("billingKeys.keep")}</Button>
            </Dialog.Close>
            <Button variant="danger" disabled={booked.isLoading || remove.isPending} onClick={() => remove.mutate()}>
              {schedules.length > 0 ? t("billingKeys.confirmCancelAndDelete") : t("billingKeys.confirmDelete")}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
