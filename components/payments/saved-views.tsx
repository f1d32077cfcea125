"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useErrorMessage } from "@/components/ui/error-message";
import { Input, Select } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { PAYMENT_COLUMNS, viewSearch, type PaymentColumn, type SavedView } from "@/lib/saved-views/schema";
import {
  createViewAction,
  defaultViewAction,
  deleteViewAction,
  listViewsAction,
  renameViewAction,
} from "@/components/payments/saved-view-actions";

const VIEWS_KEY = ["saved-views"] as const;

type Props = {
  activeId: string;
  /** The list's current query (filters), to save. */
  search: string;
  columns: PaymentColumn[];
  canShare: boolean;
  onOpen: (search: string) => void;
};

/** Pick, save (private or shared), rename, delete and default the payments list's views; the active one is `?view=`. */
export function SavedViews({ activeId, search, columns, canShare, onOpen }: Props) {
  const t = useT();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const views = useQuery({ queryKey: VIEWS_KEY, queryFn: async () => unwrap(await listViewsAction({})) });
  const [editing, setEditing] = useState<null | "save" | "rename">(null);
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const active = views.data?.find((v) => v.id === activeId);
  const done = (message: string) => () => {
    toast.success(t(message));
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: VIEWS_KEY });
  };
  const onError = (e: Error) => toast.error(errorText(e));
  const save = useMutation({
    mutationFn: async () => unwrap(await createViewAction({ name, shared, query: search, columns })),
    onSuccess: (created) => {
      done("views.saved")();
      onOpen(viewSearch({ id: created.id, query: search, columns }));
    },
    onError,
  });
  const rename = useMutation({
    mutationFn: async () => unwrap(await renameViewAction({ id: activeId, name })),
    onSuccess: done("views.renamed"),
    onError,
  });
  const remove = useMutation({
    mutationFn: async () => unwrap(await deleteViewAction({ id: activeId })),
    onSuccess: () => {
      done("views.deleted")();
      onOpen("");
    },
    onError,
  });
  const makeDefault = useMutation({
    mutationFn: async (id: string | null) => unwrap(await defaultViewAction({ id })),
    onSuccess: done("views.defaultSet"),
    onError,
  });

  const pick = (id: string) => {
    const view = views.data?.find((v) => v.id === id);
    onOpen(view ? viewSearch(view) : "");
  };
  const label = (v: SavedView) =>
    `${v.name}${v.shared ? ` · ${t("views.sharedTag")}` : ""}${v.isDefault ? ` · ${t("views.isDefault")}` : ""}`;

  return (
    <div className="flex flex-wrap items-end gap-2 text-sm" data-testid="saved-views">
      <label className="flex items-center gap-2">
        <span className="shrink-0 whitespace-nowrap" data-testid="saved-views-label">
          {t("views.label")}
        </span>
        <Select
          className="w-56"
          value={active ? activeId : ""}
          onChange={(e) => pick(e.target.value)}
          aria-label={t("views.label")}
        >
          <option value="">{t("views.none")}</option>
          {(views.data ?? []).map((v) => (
            <option key={v.id} value={v.id}>
              {label(v)}
            </option>
          ))}
        </Select>
      </label>
      {editing ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            (editing === "save" ? save : rename).mutate();
          }}
        >
          <Input
            aria-label={t("views.name")}
            placeholder={t("views.name")}
            className="w-48"
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
          {editing === "save" && canShare ? (
            <label className="flex items-center gap-1">
              <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} />{" "}
              {t("views.shared")}
            </label>
          ) : null}
          <Button type="submit" disabled={!name.trim() || save.isPending || rename.isPending}>
            {editing === "save" ? t("views.save") : t("views.rename")}
          </Button>
          <Button variant="ghost" onClick={() => setEditing(null)}>
            {t("views.cancel")}
          </Button>
        </form>
      ) : (
        <>
          <Button
            variant="secondary"
            onClick={() => {
              setName("");
              setShared(false);
              setEditing("save");
            }}
          >
            {t("views.save")}
          </Button>
          {active && (active.mine || canShare) ? (
            <>
              <Button
                variant="ghost"
                onClick={() => {
                  setName(active.name);
                  setEditing("rename");
                }}
              >
                {t("views.rename")}
              </Button>
              <ConfirmDialog
                trigger={<Button variant="ghost">{t("views.delete")}</Button>}
                title={t("views.deleteTitle", { name: active.name })}
                body={<p>{t("views.deleteBody")}</p>}
                confirmLabel={t("views.delete")}
                onConfirm={() => remove.mutate()}
                pending={remove.isPending}
              />
            </>
          ) : null}
          {active ? (
            <Button
              variant="ghost"
              aria-pressed={active.isDefault}
              onClick={() => makeDefault.mutate(active.isDefault ? null : active.id)}
            >
              {active.isDefault ? t("views.clearDefault") : t("views.makeDefault")}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

/** Which optional columns the table shows (`?cols=`; all when absent). */
export function columnsFromSearch(cols: string): PaymentColumn[] {
  if (!cols) return [...PAYMENT_COLUMNS];
  const wanted = new Set(cols.split(","));
  return PAYMENT_COLUMNS.filter((c) => wanted.has(c));
}
