"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormat, useT } from "@/components/i18n-provider";
import { Card } from "@/components/ui/card";
import { ScrollBox } from "@/components/ui/scroll-box";
import { unwrap } from "@/lib/dashboard/unwrap";
import type { ChannelHealth } from "@/lib/routing/health";
import { channelHealthAction } from "./actions";

export const HEALTH_KEYS = ["channels", "health"] as const;

function CircuitBadge({ health }: { health: ChannelHealth }) {
  const t = useT();
  const state = health.circuit.state;
  const tone =
    state === "CLOSED"
      ? "bg-emerald-100 text-emerald-900"
      : state === "OPEN"
        ? "bg-red-100 text-red-900"
        : "bg-amber-100 text-amber-900";
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${tone}`} data-testid="circuit-state">
      {t(`routing.circuit.${state}`)}
    </span>
  );
}

/** Each payment channel over the last hour: calls, success and decline rates, p95 latency, circuit. */
export function ChannelHealthCard() {
  const t = useT();
  const fmt = useFormat();
  const health = useQuery({
    queryKey: HEALTH_KEYS,
    queryFn: async () => unwrap(await channelHealthAction({})),
    refetchInterval: 15_000,
  });
  const percent = (v: number | null) => (v === null ? "—" : fmt.percent(v));
  return (
    <Card title={t("routing.health.title")}>
      <p className="mb-3 text-sm text-slate-600">{t("routing.health.intro")}</p>
      <ScrollBox label={t("routing.health.title")}>
        <table className="w-full min-w-[560px] text-left text-sm" data-testid="channel-health">
          <thead className="text-xs text-slate-500">
            <tr>
              <th className="py-1 pr-3 font-medium">{t("routing.health.channel")}</th>
              <th className="py-1 pr-3 text-right font-medium">{t("routing.health.calls")}</th>
              <th className="py-1 pr-3 text-right font-medium">{t("routing.health.success")}</th>
              <th className="py-1 pr-3 text-right font-medium">{t("routing.health.declines")}</th>
              <th className="py-1 pr-3 text-right font-medium">{t("routing.health.p95")}</th>
              <th className="py-1 font-medium">{t("routing.health.circuit")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {(health.data ?? []).map((h) => (
              <tr key={h.key} data-testid={`health-${h.key}`}>
                <td className="py-1.5 pr-3">
                  <span className="font-medium">{h.name}</span>{" "}
                  <span className="text-xs text-slate-500">{t(`enum.channelType.${h.type}`)}</span>
                </td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{fmt.number(h.calls)}</td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{percent(h.successRate)}</td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{percent(h.declineRate)}</td>
                <td className="py-1.5 pr-3 text-right tabular-nums">
                  {h.p95LatencyMs === null ? "—" : t("routing.health.ms", { ms: h.p95LatencyMs })}
                </td>
                <td className="py-1.5">
                  <CircuitBadge health={h} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </Card>
  );
}
