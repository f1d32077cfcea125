"use client";

import { useQuery } from "@tanstack/react-query";
import { Command } from "cmdk";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { paletteSearchAction } from "@/components/dashboard/actions";
import { useFormat, useT } from "@/components/i18n-provider";
import { unwrap } from "@/lib/dashboard/unwrap";
import { formatKoreanPhone } from "@/lib/phone";
import { MIN_QUERY_LENGTH } from "@/lib/search/limits";
import { NAV_ITEMS } from "./nav";
import { paymentPath, storeHref } from "./store-href";

const itemClass =
  "flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-blue-50 data-[selected=true]:text-brand";
const groupClass =
  "px-1 py-1 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-500";

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

/** The palette itself (cmdk on a Radix dialog), loaded on first use. */
export function PaletteDialog({
  stores,
  currentStoreId,
  open,
  setOpen,
}: {
  stores: { id: string; name: string }[];
  currentStoreId: string;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const router = useRouter();
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), 200);
  const results = useQuery({
    queryKey: ["palette", q],
    queryFn: async () => unwrap(await paletteSearchAction({ q })),
    enabled: open && [...q].length >= MIN_QUERY_LENGTH,
    staleTime: 10_000,
  });
  const go = (href: string) => {
    setOpen(false);
    setText("");
    // Another store's page reloads the whole shell for that store.
    if (href.startsWith("/dashboard/open")) window.location.assign(href);
    else router.push(href);
  };
  const storeName = (id: string) => stores.find((s) => s.id === id)?.name ?? id;
  const data = results.data;
  return (
    <Command.Dialog
      open={open}
      onOpenChange={setOpen}
      label={t("palette.label")}
      shouldFilter={false}
      overlayClassName="fixed inset-0 z-40 bg-slate-900/50"
      contentClassName="fixed top-[10vh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-lg bg-white shadow-xl"
    >
      <Command.Input
        value={text}
        onValueChange={setText}
        placeholder={t("palette.placeholder")}
        className="w-full border-b border-slate-200 bg-white px-4 py-3 text-sm outline-none"
        aria-label={t("palette.label")}
      />
      <Command.List className="max-h-[60vh] overflow-y-auto p-1" data-testid="palette-list">
        {[...q].length >= MIN_QUERY_LENGTH && results.isFetching && !data ? (
          <Command.Loading>
            {<p className="px-3 py-2 text-sm text-slate-500">{t("palette.searching")}</p>}
          </Command.Loading>
        ) : null}
        <Command.Empty className="px-3 py-2 text-sm text-slate-500">{t("palette.empty")}</Command.Empty>
        {data && data.payments.length > 0 ? (
          <Command.Group heading={t("palette.payments")} className={groupClass}>
            {data.payments.map((p) => (
              <Command.Item
                key={`${p.storeId}/${p.id}`}
                value={`payment:${p.storeId}:${p.id}`}
                onSelect={() => go(storeHref(currentStoreId, p.storeId, paymentPath(p.id)))}
                className={itemClass}
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{p.orderName}</span>
                  <span className="block truncate font-mono text-xs text-slate-500">
                    {p.id}
                    {p.customer ? ` · ${p.customer}` : ""}
                    {stores.length > 1 ? ` · ${storeName(p.storeId)}` : ""}
                  </span>
                </span>
                <span className="shrink-0 text-right text-xs">
                  <span className="block tabular-nums">{fmt.money(p.amount, p.currency)}</span>
                  <span className="block text-slate-500">{t(`enum.paymentStatus.${p.status}`)}</span>
                </span>
              </Command.Item>
            ))}
            <Command.Item
              value="payments:all"
              onSelect={() => go(`/dashboard/payments?${new URLSearchParams({ q }).toString()}`)}
              className={itemClass}
            >
              {t("palette.allPayments", { q })}
            </Command.Item>
          </Command.Group>
        ) : null}
        {data && data.billingKeys.length > 0 ? (
          <Command.Group heading={t("palette.billingKeys")} className={groupClass}>
            {data.billingKeys.map((k) => (
              <Command.Item
                key={k.id}
                value={`key:${k.id}`}
                onSelect={() =>
                  go(storeHref(currentStoreId, k.storeId, `/dashboard/billing-keys/${encodeURIComponent(k.id)}`))
                }
                className={itemClass}
              >
                <span className="truncate font-mono text-xs">{k.id}</span>
                <span className="text-xs text-slate-500">{t(`billing.status.${k.status}`)}</span>
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
        {data && data.customers.length > 0 ? (
          <Command.Group heading={t("palette.customers")} className={groupClass}>
            {data.customers.map((c) => (
              <Command.Item
                key={`${c.storeId}/${c.id}`}
                value={`customer:${c.storeId}:${c.id}`}
                onSelect={() =>
                  go(storeHref(currentStoreId, c.storeId, `/dashboard/customers/${encodeURIComponent(c.id)}`))
                }
                className={itemClass}
              >
                <span className="min-w-0" data-testid="palette-customer">
                  <span className="block truncate">{c.name ?? c.id}</span>
                  <span className="block truncate text-xs text-slate-500">
                    {[c.name ? c.id : null, c.phone && formatKoreanPhone(c.phone), c.email].filter(Boolean).join(" · ")}
                  </span>
                </span>
                {stores.length > 1 ? (
                  <span className="shrink-0 text-xs text-slate-500">{storeName(c.storeId)}</span>
                ) : null}
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
        {data && data.schedules.length > 0 ? (
          <Command.Group heading={t("palette.schedules")} className={groupClass}>
            {data.schedules.map((s) => (
              <Command.Item
                key={s.id}
                value={`schedule:${s.id}`}
                onSelect={() =>
                  go(
                    storeHref(currentStoreId, s.storeId, `/dashboard/billing-keys/${encodeURIComponent(s.billingKey)}`),
                  )
                }
                className={itemClass}
              >
                <span className="truncate font-mono text-xs">{s.paymentId}</span>
                <span className="text-xs text-slate-500">{t(`billing.status.${s.status}`)}</span>
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
        <Command.Group heading={t("palette.pages")} className={groupClass}>
          {NAV_ITEMS.filter((item) => !text || t(item.key).toLowerCase().includes(text.trim().toLowerCase())).map(
            (item) => (
              <Command.Item
                key={item.href}
                value={`page:${item.href}`}
                onSelect={() => go(item.href)}
                className={itemClass}
              >
                {t(item.key)}
              </Command.Item>
            ),
          )}
        </Command.Group>
        {stores.length > 1 ? (
          <Command.Group heading={t("palette.stores")} className={groupClass}>
            {stores
              .filter((s) => !text || s.name.toLowerCase().includes(text.trim().toLowerCase()))
              .map((s) => (
                <Command.Item
                  key={s.id}
                  value={`store:${s.id}`}
                  onSelect={() => go(storeHref(currentStoreId, s.id, "/dashboard"))}
                  className={itemClass}
                >
                  {s.name}
                  {s.id === currentStoreId ? (
                    <span className="text-xs text-slate-500">{t("palette.current")}</span>
                  ) : null}
                </Command.Item>
              ))}
          </Command.Group>
        ) : null}
      </Command.List>
    </Command.Dialog>
  );
}
