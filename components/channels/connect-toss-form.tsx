"use client";

import { useT } from "@/components/i18n-provider";
import { type ConnectTossChannelInput, connectTossChannelInput } from "@/lib/channels/live-schema";
import { connectTossChannelAction } from "./actions";
import { ConnectChannelForm } from "./connect-form";

const EMPTY: ConnectTossChannelInput = { name: "Toss Payments", pgMerchantId: "", secretKey: "" };

/** Connects a LIVE Toss Payments channel: MID and secret key, sealed, tested at once, never shown again. */
export function ConnectTossForm({
  onDone,
  onError,
}: {
  onDone: () => void;
  onError: (message: string | null) => void;
}) {
  const t = useT();
  return (
    <ConnectChannelForm
      title={t("channels.connectToss")}
      hint={t("channels.connectHint")}
      footer={
        <p className="mt-3 text-xs text-slate-500">
          {t("channels.callbackHint")} <code>/api/providers/tosspayments/deposit-callback</code>
        </p>
      }
      schema={connectTossChannelInput}
      empty={EMPTY}
      fields={[
        { name: "name", id: "channel-name", label: t("channels.name") },
        { name: "pgMerchantId", id: "channel-mid", label: t("channels.mid") },
        {
          name: "secretKey",
          id: "channel-secret",
          label: t("channels.secretKey"),
          hint: t("channels.secretHint"),
          secret: true,
        },
      ]}
      invalidPrefix="channels.invalid"
      action={connectTossChannelAction}
      onDone={onDone}
      onError={onError}
    />
  );
}
