"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { useErrorMessage, useFieldError } from "@/components/ui/error-message";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { useErrorNotice } from "@/components/ui/use-notice";
import { unwrap } from "@/lib/dashboard/unwrap";
import { inviteInput, TEAM_ROLES, type InviteInput } from "@/lib/team/schema";
import { inviteAction } from "@/components/team/actions";
import { TEAM_KEY } from "./members-table";

type Sent = { link: string; delivery: "smtp" | "outbox" | "smtp_failed" };

/** Invite by e-mail; the link is shown once, here, whatever happened to the mail. */
export function InviteForm({ isOwner, stores }: { isOwner: boolean; stores: { id: string; name: string }[] }) {
  const t = useT();
  const fieldError = useFieldError();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<Sent | null>(null);
  const [error, setError] = useErrorNotice();
  const form = useForm<InviteInput>({
    resolver: zodResolver(inviteInput) as unknown as Resolver<InviteInput>,
    defaultValues: { email: "", role: "VIEWER", store_id: null },
  });
  const role = form.watch("role");
  const invite = useMutation({
    mutationFn: async (v: InviteInput) => unwrap(await inviteAction({ ...v, store_id: v.store_id || null })),
    onSuccess: (result) => {
      setSent(result);
      form.reset({ email: "", role: "VIEWER", store_id: null });
      void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
    },
    onError: (e: Error) => setError(errorText(e)),
  });
  const deliveryKey =
    sent?.delivery === "outbox"
      ? "team.inviteOutbox"
      : sent?.delivery === "smtp"
        ? "team.inviteMailed"
        : "team.inviteMailFailed";

  return (
    <Card title={t("team.invite")}>
      {error ? <Alert>{error}</Alert> : null}
      <form
        noValidate
        className="grid items-end gap-3 md:grid-cols-4"
        onSubmit={form.handleSubmit((v) => {
          setError(null);
          setSent(null);
          invite.mutate(v);
        })}
      >
        <FormField label={t("team.email")} htmlFor="invite-email" error={fieldError(form.formState.errors.email)}>
          <Input
            id="invite-email"
            type="email"
            autoComplete="off"
            aria-invalid={!!form.formState.errors.email}
            {...form.register("email")}
          />
        </FormField>
        <FormField label={t("team.role")} htmlFor="invite-role">
          <Select id="invite-role" {...form.register("role")}>
            {TEAM_ROLES.filter((r) => isOwner || r !== "OWNER").map((r) => (
              <option key={r} value={r}>
                {t(`enum.role.${r}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t("team.inviteStore")} htmlFor="invite-store">
          <Select id="invite-store" disabled={role === "OWNER"} {...form.register("store_id")}>
            <option value="">{t("team.allStores")}</option>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </FormField>
        <Button type="submit" disabled={invite.isPending}>
          {t("team.inviteSubmit")}
        </Button>
      </form>
      {sent ? (
        <div className="mt-3 space-y-2" data-testid="invite-result">
          <Alert kind="success">{t("team.inviteLinkOnce")}</Alert>
          <code className="block break-all rounded bg-slate-100 p-2 text-xs" data-testid="invite-link">
            {sent.link}
          </code>
          <p className="text-sm text-slate-600">
            {t(deliveryKey)}{" "}
            {sent.delivery === "outbox" ? (
              <Link className="text-brand underline" href="/dashboard/team/outbox">
                {t("team.openOutbox")}
              </Link>
            ) : null}
          </p>
        </div>
      ) : null}
    </Card>
  );
}
