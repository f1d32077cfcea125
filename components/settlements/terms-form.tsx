"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { setContractTermsAction } from "./actions";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { useNotice } from "@/components/ui/use-notice";
import type { ChannelTermsView } from "@/lib/settlements/contract-terms";
import { type ContractTerms, FEE_METHODS, type FeeTerm } from "@/lib/settlements/schema";

const label = "block text-xs font-medium text-slate-700";

function termsOf(form: FormData): ContractTerms {
  const int = (name: string) => Number(form.get(name));
  const fee = (method: string): FeeTerm =>
    form.get(`${method}.kind`) === "FLAT"
      ? { kind: "FLAT", amount: int(`${method}.value`) }
      : { kind: "RATE", rate_bps: int(`${method}.value`) };
  return {
    payout_days: int("payout_days"),
    vat_bps: int("vat_bps"),
    fees: {
      CARD: fee("CARD"),
      VIRTUAL_ACCOUNT: fee("VIRTUAL_ACCOUNT"),
      TRANSFER: fee("TRANSFER"),
      EASY_PAY: fee("EASY_PAY"),
    },
  };
}

function ChannelTerms({ channel }: { channel: ChannelTermsView }) {
  const t = useT();
  const router = useRouter();
  const [pending, start] = useTransition();
  const [notice, setNotice] = useNotice();
  const [terms] = useState(channel.terms);
  const submit = (form: FormData) =>
    start(async () => {
      const result = await setContractTermsAction({ channel_id: channel.channel_id, terms: termsOf(form) });
      if (result.ok) {
        setNotice({ kind: "success", text: t("settlements.saved") });
        router.refresh();
      } else setNotice({ kind: "error", text: `${t(`error.${result.code}`)} ${result.field ?? ""}`.trim() });
    });
  return (
    <form
      action={submit}
      className="space-y-3 rounded-lg border border-slate-200 p-3"
      data-testid={`terms-${channel.channel_key}`}
    >
      <p className="text-sm font-semibold">
        {channel.channel_name} · {t(`enum.pgProvider.${channel.pg_provider}`)} ·{" "}
        {t(`enum.channelType.${channel.channel_type}`)}
        {channel.is_default ? (
          <span className="ml-2 text-xs font-normal text-slate-500">{t("settlements.defaultTerms")}</span>
        ) : null}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="space-y-1">
          <span className={label}>{t("settlements.payoutDays")}</span>
          <Input type="number" name="payout_days" min={0} max={60} defaultValue={terms.payout_days} required />
        </label>
        <label className="space-y-1">
          <span className={label}>{t("settlements.vatBps")}</span>
          <Input type="number" name="vat_bps" min={0} max={10000} defaultValue={terms.vat_bps} required />
        </label>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {FEE_METHODS.map((method) => {
          const fee = terms.fees[method];
          return (
            <fieldset key={method} className="space-y-1">
              <legend className={label}>{t(`settlements.method.${method}`)}</legend>
              <div className="flex gap-2">
                <Select name={`${method}.kind`} defaultValue={fee.kind} aria-label={t(`settlements.method.${method}`)}>
                  <option value="RATE">{t("settlements.rate")}</option>
                  <option value="FLAT">{t("settlements.flat")}</option>
                </Select>
                <Input
                  type="number"
                  name={`${method}.value`}
                  min={0}
                  defaultValue={fee.kind === "RATE" ? fee.rate_bps : fee.amount}
                  aria-label={`${t(`settlements.method.${method}`)} ${t("settlements.rate")}`}
                  required
                />
              </div>
            </fieldset>
          );
        })}
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>
          {t("settlements.save")}
        </Button>
        {notice ? (
          <span role="status" className={notice.kind === "error" ? "text-sm text-red-700" : "text-sm text-green-700"}>
            {notice.text}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** One form per payment channel of the store. */
export function TermsForms({ channels }: { channels: ChannelTermsView[] }) {
  return (
    <div className="space-y-3">
      {channels.map((c) => (
        <ChannelTerms key={c.channel_id} channel={c} />
      ))}
    </div>
  );
}
