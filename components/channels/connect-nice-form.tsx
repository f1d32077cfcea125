"use client";

import { useT } from "@/components/i18n-provider";
import { type ConnectNiceChannelInput, connectNiceChannelInput } from "@/lib/channels/live-schema";
import { connectNiceChannelAction } from "./actions";
import { ConnectChannelForm } from "./connect-form";

const EMPTY: ConnectNiceChannelInput = { name: "NICE Payments", clientKey: "", secretKey: "" };

/** Connects a LIVE NICE Payments channel: client key and secret key, sealed, tested at once, never shown again. */
export function ConnectNiceForm({
  onDone,
  onError,
}: {
  onDone: () => void;
  onError: (message: string | null) => void;
}) {
  const t = useT();
  return (
    <ConnectChannelForm
      title={t("channels.connectNice")}
      hint={t("channels.nice.hint")}
      schema={connectNiceChannelInput}
      empty={EMPTY}
      fields={[
        { name: "name", id: "nice-name", label: t("channels.name") },
        { name: "clientKey", id: "nice-client-key", label: t("channels.nice.clientKey") },
        { name: "secretKey", id: "nice-secret-key", label: t("channels.secretKey"), secret: true },
      ]}
      invalidPrefix="channels.nice.invalid"
      action={connectNiceChannelAction}
      onDone={onDone}
      onError={onError}
    />
  );
}
