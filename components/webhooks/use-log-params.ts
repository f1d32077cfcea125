"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { DELIVERY_STATES, WEBHOOK_EVENT_TYPES, type DeliveryFilter } from "@/lib/webhooks/schema";

/** The delivery log's filters, page and opened delivery live in the URL, so a view can be shared. */
export function useLogParams() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const filter = useMemo<DeliveryFilter>(() => {
    const state = params.get("state");
    const event = params.get("event");
    const date = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
    return {
      state: (DELIVERY_STATES as readonly string[]).includes(state ?? "")
        ? (state as DeliveryFilter["state"])
        : undefined,
      event: (WEBHOOK_EVENT_TYPES as readonly string[]).includes(event ?? "")
        ? (event as DeliveryFilter["event"])
        : undefined,
      url: params.get("url") || undefined,
      endpoint: params.get("endpoint") || undefined,
      from: date(params.get("from")),
      to: date(params.get("to")),
    };
  }, [params]);
  const page = Math.max(0, Number(params.get("page") ?? 0) || 0);
  const opened = params.get("delivery");
  const update = useCallback(
    (changes: Record<string, string | number | undefined | null>) => {
      const next = new URLSearchParams(params.toString());
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined || v === null || v === "") next.delete(k);
        else next.set(k, String(v));
      }
      const query = next.toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [params, pathname, router],
  );
  return { filter, page, opened, update };
}
