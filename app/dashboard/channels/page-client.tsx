"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { ChangeKeyForm } from "@/components/channels/change-key-form";
import { ConnectNiceForm } from "@/components/channels/connect-nice-form";
import { ChannelGroupsCard } from "@/components/routing/channel-groups-card";
import { ChannelHealthCard } from "@/components/routing/channel-health-card";
import { ConnectTossForm } from "@/components/channels/connect-toss-form";
import { useFormat, useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card, PageHeader } from "@/components/ui/card";
import { useErrorMessage } from "@/components/ui/error-message";
import { useErrorNotice } from "@/components/ui/use-notice";
import type { ChangeChannelKeyInput, LiveChannelView } from "@/lib/channels/live-schema";
import { unwrap } from "@/lib/dashboard/unwrap";
import {
  changeChannelKeyAction,
  listChannelsAction,
  setChannelEnabledAction,
  testChannelAction,
} from "@/components/channels/actions";

const KEYS = ["channels"] as const;

function ModeBadge({ type }: { type: "TEST" | "LIVE" }) {
  const t = useT();
  const tone = type === "LIVE" ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900";
  return <span className={`rounded px-2 py-0.5 text-xs font-semibold ${tone}`}>{t(`enum.channelType.${type}`)}</span>;
}

export function ChannelsClient() {
  const t = useT();
  const fmt = useFormat();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const [error, setError] = useErrorNotice();
  const channels = useQuery({ queryKey: KEYS, queryFn: async () => unwrap(await listChannelsAction({})) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: KEYS });

  const test = useMutation({
    mutationFn: async (channelId: string) => unwrap(await testChannelAction({ channelId })),
    onSuccess: (view) => {
      toast[view.testedAt ? "success" : "error"](
        t(view.testedAt ? "channels.testPassedToast" : "channels.testFailedToast"),
      );
      refresh();
    },
    onError: (e: Error) => setError(errorText(e)),
  });
  const toggle = useMutation({
    mutationFn: async (v: { channelId: string; enabled: boolean }) => unwrap(await setChannelEnabledAction(v)),
    onSuccess: (view) => {
      toast.success(t(view.enabled ? "channels.enabledToast" : "channels.disabledToast"));
      refresh();
    },
    onError: (e: Error) => setError(errorText(e)),
  });

  const changeKey = useMutation({
    mutationFn: async (v: { values: ChangeChannelKeyInput; reset: () => void }) =>
      unwrap(await changeChannelKeyAction(v.values)),
    onSuccess: (view, v) => {
      v.reset();
      toast[view.testedAt ? "success" : "error"](
        t(view.testedAt ? "channels.keyChangedToast" : "channels.testFailedToast"),
      );
      refresh();
    },
    onError: (e: Error) => setError(errorText(e)),
  });

  const live: LiveChannelView[] = channels.data?.live ?? [];

  return (
    <div className="space-y-4">
      <PageHeader title={t("channels.title")} />
      <p className="text-sm text-slate-600">{t("channels.intro")}</p>
      {error ? <Alert>{error}</Alert> : null}
      <ChannelHealthCard />
      <ChannelGroupsCard />
      <Card title={t("channels.live")}>
        {live.length === 0 ? <p className="text-sm text-slate-500">{t("channels.noLive")}</p> : null}
        <ul className="divide-y divide-slate-200" data-testid="live-channels">
          {live.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-3 py-3" data-testid={`live-channel-${c.id}`}>
              <ModeBadge type="LIVE" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{c.name}</p>
                <p className="break-all text-xs text-slate-500">
                  {t("channels.mid")}: {c.pgMerchantId} · {t("channels.secretKey")}: ••••{c.secretKeyHint} ·{" "}
                  {t("channels.channelKey")}: <code>{c.key}</code>
                </p>
                <p className="text-xs">
                  {c.testedAt ? (
                    t("channels.testPassedAt", { at: fmt.dateTime(c.testedAt) })
                  ) : c.testError ? (
                    <span className="text-red-700">
                      {t("channels.testFailed")}: {c.testError}
                    </span>
                  ) : (
                    t("channels.untested")
                  )}
                </p>
              </div>
              <span className="text-sm" data-testid="channel-state">
                {t(c.enabled ? "channels.enabled" : "channels.disabled")}
              </span>
              <Button
                variant="secondary"
                disabled={test.isPending}
                onClick={() => {
                  setError(null);
                  test.mutate(c.id);
                }}
              >
                {t("channels.test")}
              </Button>
              <Button
                variant={c.enabled ? "danger" : "primary"}
                disabled={toggle.isPending || (!c.enabled && !c.testedAt)}
                onClick={() => {
                  setError(null);
                  toggle.mutate({ channelId: c.id, enabled: !c.enabled });
                }}
              >
                {t(c.enabled ? "channels.disable" : "channels.enable")}
              </Button>
              <ChangeKeyForm
                channelId={c.id}
                pending={changeKey.isPending}
                onSubmit={(values, reset) => {
                  setError(null);
                  changeKey.mutate({ values, reset });
                }}
              />
            </li>
          ))}
        </ul>
      </Card>
      <ConnectTossForm onDone={refresh} onError={setError} />
      <ConnectNiceForm onDone={refresh} onError={setError} />
      <Card title={t("channels.testChannels")}>
        <ul className="divide-y divide-slate-200" data-testid="test-channels">
          {(channels.data?.test ?? []).map((c) => (
            <li key={c.id} className="flex items-center gap-3 py-2">
              <ModeBadge type="TEST" />
              <span className="text-sm">{c.name}</span>
              <span className="text-xs text-slate-500">{t(`enum.pgProvider.${c.pgProvider}`)}</span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
