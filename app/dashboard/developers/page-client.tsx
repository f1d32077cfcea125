"use client";

import { useErrorNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useT, useFormat } from "@/components/i18n-provider";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { CodeText } from "@/components/ui/code-text";
import { CopyButton } from "@/components/ui/copy-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Alert, Card, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { createApiKeyInput, type ApiKeyView, type CreateApiKeyInput } from "@/lib/auth/api-key-schema";
import { unwrap } from "@/lib/dashboard/unwrap";
import { createKeyAction, listKeysAction, revokeKeyAction } from "@/components/developers/actions";

const KEYS = ["api-keys"] as const;

export function DevelopersClient({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: KEYS, queryFn: async () => unwrap(await listKeysAction({})) });
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useErrorNotice();
  const form = useForm<CreateApiKeyInput>({
    resolver: zodResolver(createApiKeyInput),
    defaultValues: { name: "", limitToStore: false },
  });

  const create = useMutation({
    mutationFn: async (values: CreateApiKeyInput) => unwrap(await createKeyAction(values)),
    onSuccess: (created) => {
      setSecret(created.apiKey);
      toast.success(t("developers.createdToast"));
      form.reset();
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
    onError: (e: Error) => setError(errorText(e)),
  });
  const revoke = useMutation({
    mutationFn: async (id: string) => unwrap(await revokeKeyAction({ id })),
    onSuccess: () => {
      toast.success(t("developers.revokedToast"));
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
    onError: (e: Error) => {
      setError(errorText(e));
    },
  });

  const columns = useMemo<ColumnDef<ApiKeyView>[]>(
    () => [
      { header: t("developers.name"), accessorKey: "name" },
      { header: t("developers.prefix"), cell: ({ row }) => <code className="text-xs">{row.original.prefix}…</code> },
      {
        header: t("developers.scope"),
        cell: ({ row }) => (row.original.storeId ? t("developers.oneStore") : t("developers.allStores")),
      },
      { header: t("developers.created"), cell: ({ row }) => fmt.dateTime(row.original.createdAt) },
      {
        header: t("developers.lastUsed"),
        cell: ({ row }) => (row.original.lastUsedAt ? fmt.dateTime(row.original.lastUsedAt) : t("developers.never")),
      },
      {
        header: t("developers.status"),
        cell: ({ row }) => (row.original.revokedAt ? t("developers.revoked") : t("developers.active")),
      },
      {
        id: "actions",
        header: "",
        cell: ({ row }) =>
          canWrite && !row.original.revokedAt ? (
            <ConfirmDialog
              trigger={<Button variant="danger">{t("developers.revoke")}</Button>}
              title={t("developers.revokeTitle", { name: row.original.name })}
              body={<p>{t("developers.revokeBody", { prefix: `${row.original.prefix}…` })}</p>}
              confirmLabel={t("developers.revoke")}
              onConfirm={() => revoke.mutate(row.original.id)}
              pending={revoke.isPending}
            />
          ) : null,
      },
    ],
    [t, fmt, canWrite, revoke],
  );

  return (
    <div className="space-y-4">
      <PageHeader title={t("developers.title")} />
      <p className="text-sm text-slate-600" data-testid="developers-intro">
        <CodeText text={t("developers.intro")} />
      </p>
      <Card title={t("developers.reference")}>
        <p className="text-sm text-slate-600">{t("developers.referenceIntro")}</p>
        <a
          className="mt-2 inline-block text-sm font-medium text-blue-700 underline"
          href="/docs"
          data-testid="api-reference-link"
        >
          {t("developers.openReference")}
        </a>
      </Card>
      {error ? <Alert>{error}</Alert> : null}
      {canWrite ? (
        <Card title={t("developers.create")}>
          <form
            className="flex flex-wrap items-end gap-3"
            noValidate
            onSubmit={form.handleSubmit((v) => {
              setError(null);
              create.mutate(v);
            })}
          >
            <div className="w-64">
              <FormField
                label={t("developers.name")}
                htmlFor="key-name"
                error={form.formState.errors.name ? t("form.required") : undefined}
              >
                <Input id="key-name" {...form.register("name")} aria-invalid={!!form.formState.errors.name} />
              </FormField>
            </div>
            <label className="flex items-center gap-2 pb-2 text-sm">
              <input type="checkbox" {...form.register("limitToStore")} /> {t("developers.limitToStore")}
            </label>
            <Button type="submit" disabled={create.isPending}>
              {t("developers.create")}
            </Button>
          </form>
          {secret ? (
            <div className="mt-3 space-y-1">
              <Alert kind="success">{t("developers.secretOnce")}</Alert>
              <div className="flex items-start gap-2">
                <code
                  className="block min-w-0 flex-1 break-all rounded bg-slate-100 p-2 text-xs"
                  data-testid="new-api-key"
                >
                  {secret}
                </code>
                <CopyButton value={secret} label={t("developers.copyKey")} testId="copy-api-key" />
              </div>
            </div>
          ) : null}
        </Card>
      ) : (
        <Alert kind="info">{t("developers.viewerCannot")}</Alert>
      )}
      <DataTable
        columns={columns}
        data={keys.data}
        loading={keys.isPending}
        testId="api-keys-table"
        rowTestId={(k) => `api-key-${k.id}`}
      />
    </div>
  );
}
