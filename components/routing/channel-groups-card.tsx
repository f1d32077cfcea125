"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useErrorMessage } from "@/components/ui/error-message";
import { unwrap } from "@/lib/dashboard/unwrap";
import type { ChannelGroupInput, ChannelGroupView } from "@/lib/routing/schema";
import {
  createChannelGroupAction,
  deleteChannelGroupAction,
  listChannelGroupsAction,
  updateChannelGroupAction,
} from "./actions";
import { GroupForm } from "./group-form";

const KEYS = ["channels", "groups"] as const;

/** Channel groups of the store: list, create, edit (with a preview) and remove. OWNER/ADMIN. */
export function ChannelGroupsCard() {
  const t = useT();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ChannelGroupView | "new" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = useQuery({ queryKey: KEYS, queryFn: async () => unwrap(await listChannelGroupsAction({})) });
  const channels = (data.data?.channels ?? []).filter((c) => c.enabled);
  const done = (message: string) => {
    toast.success(message);
    setEditing(null);
    setError(null);
    void queryClient.invalidateQueries({ queryKey: KEYS });
  };
  const save = useMutation({
    mutationFn: async (v: { key?: string; values: ChannelGroupInput }) =>
      unwrap(
        v.key ? await updateChannelGroupAction({ ...v.values, key: v.key }) : await createChannelGroupAction(v.values),
      ),
    onSuccess: () => done(t("routing.savedToast")),
    onError: (e: Error) => setError(errorText(e)),
  });
  const remove = useMutation({
    mutationFn: async (key: string) => unwrap(await deleteChannelGroupAction({ key })),
    onSuccess: () => done(t("routing.deletedToast")),
    onError: (e: Error) => setError(errorText(e)),
  });
  const nameOf = (key: string) => data.data?.channels.find((c) => c.key === key)?.name ?? key;
  const blank: ChannelGroupInput = {
    name: "",
    targets: channels.slice(0, 2).map((c, i) => ({ channel_key: c.key, weight: i === 0 ? 70 : 30 })),
    rules: [],
  };
  return (
    <Card title={t("routing.groups.title")}>
      <p className="mb-3 text-sm text-slate-600">{t("routing.groups.intro")}</p>
      {error ? <Alert>{error}</Alert> : null}
      {data.data && data.data.groups.length === 0 && editing === null ? (
        <p className="text-sm text-slate-500">{t("routing.groups.none")}</p>
      ) : null}
      <ul className="divide-y divide-slate-200" data-testid="channel-groups">
        {(data.data?.groups ?? []).map((g) => (
          <li key={g.key} className="space-y-2 py-3" data-testid={`group-${g.key}`}>
            {editing !== null && editing !== "new" && editing.key === g.key ? (
              <GroupForm
                groupKey={g.key}
                initial={{ name: g.name, targets: g.targets, rules: g.rules }}
                channels={channels}
                pending={save.isPending}
                onSubmit={(values) => save.mutate({ key: g.key, values })}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <div className="flex flex-wrap items-start gap-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{g.name}</p>
                  <p className="break-all text-xs text-slate-500">
                    {t("routing.groups.key")}: <code>{g.key}</code>
                  </p>
                  <p className="text-xs text-slate-600">
                    {g.targets.map((x) => `${nameOf(x.channel_key)} ${x.weight}`).join(" · ")}
                    {g.rules.length ? ` · ${t("routing.groups.rules", { n: g.rules.length })}` : ""}
                  </p>
                </div>
                <Button variant="secondary" onClick={() => setEditing(g)}>
                  {t("routing.groups.edit")}
                </Button>
                <ConfirmDialog
                  trigger={<Button variant="danger">{t("routing.groups.delete")}</Button>}
                  title={t("routing.groups.deleteTitle")}
                  body={t("routing.groups.deleteBody", { name: g.name })}
                  confirmLabel={t("routing.groups.delete")}
                  danger
                  onConfirm={() => remove.mutate(g.key)}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing === "new" ? (
        <GroupForm
          initial={blank}
          channels={channels}
          pending={save.isPending}
          onSubmit={(values) => save.mutate({ values })}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Button className="mt-2" onClick={() => setEditing("new")} disabled={channels.length === 0}>
          {t("routing.groups.new")}
        </Button>
      )}
    </Card>
  );
}
