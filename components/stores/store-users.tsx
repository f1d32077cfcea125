"use client";

import { useNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm, type Resolver } from "react-hook-form";
import { useLocale, useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { createStoreUserInput, STORE_USER_ROLES, type CreateStoreUserInput } from "@/lib/stores/schema";
import { createStoreUserAction, listStoreUsersAction } from "@/components/stores/actions";
import { fieldMessage } from "@/lib/stores/form-messages";

/** Logins limited to this sub-store (they see only it in the store switcher). */
export function StoreUsers({ storeId, canWrite }: { storeId: string; canWrite: boolean }) {
  const t = useT();
  const errorText = useErrorMessage();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const key = ["store-users", storeId];
  const users = useQuery({
    queryKey: key,
    queryFn: async () => unwrap(await listStoreUsersAction({ store_id: storeId })),
  });
  const [notice, setNotice] = useNotice();
  const form = useForm<CreateStoreUserInput>({
    resolver: zodResolver(createStoreUserInput) as unknown as Resolver<CreateStoreUserInput>,
    defaultValues: { store_id: storeId, email: "", password: "", role: "ADMIN" },
  });
  const errors = form.formState.errors;
  const add = useMutation({
    mutationFn: async (v: CreateStoreUserInput) => unwrap(await createStoreUserAction(v)),
    onSuccess: () => {
      setNotice({ kind: "success", text: t("stores.users.added") });
      form.reset({ store_id: storeId, email: "", password: "", role: "ADMIN" });
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (e: Error) => setNotice({ kind: "error", text: errorText(e) }),
  });

  return (
    <Card title={t("stores.users.title")}>
      <p className="mb-2 text-sm text-slate-600">{t("stores.users.intro")}</p>
      <ul className="mb-3 space-y-1 text-sm" data-testid="store-users">
        {(users.data ?? []).map((u) => (
          <li key={u.id}>
            {u.email} · {t(`enum.role.${u.role}`)}
          </li>
        ))}
      </ul>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      {canWrite ? (
        <form
          noValidate
          className="mt-2 grid items-end gap-3 md:grid-cols-4"
          onSubmit={form.handleSubmit((v) => {
            setNotice(null);
            add.mutate(v);
          })}
        >
          <FormField
            label={t("stores.users.email")}
            htmlFor="store-user-email"
            error={fieldMessage(t, locale, "email", errors.email, form.getValues("email"))}
          >
            <Input id="store-user-email" type="email" aria-invalid={!!errors.email} {...form.register("email")} />
          </FormField>
          <FormField
            label={t("stores.users.password")}
            htmlFor="store-user-password"
            error={fieldMessage(t, locale, "password", errors.password, form.getValues("password"))}
          >
            <Input
              id="store-user-password"
              type="password"
              autoComplete="new-password"
              aria-invalid={!!errors.password}
              {...form.register("password")}
            />
          </FormField>
          <FormField label={t("stores.users.role")} htmlFor="store-user-role">
            <Select id="store-user-role" {...form.register("role")}>
              {STORE_USER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`enum.role.${r}`)}
                </option>
              ))}
            </Select>
          </FormField>
          <Button type="submit" disabled={add.isPending}>
            {t("stores.users.add")}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
