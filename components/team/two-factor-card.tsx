"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Image from "next/image";
import { useState } from "react";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { useErrorMessage } from "@/components/ui/error-message";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useNotice } from "@/components/ui/use-notice";
import { unwrap } from "@/lib/dashboard/unwrap";
import { confirmTwoFactorAction, disableTwoFactorAction, startTwoFactorAction } from "@/components/team/actions";
import { TEAM_KEY } from "./members-table";

/** Set up (secret → first code → recovery codes shown once) or turn off the reader's own TOTP. */
export function TwoFactorCard({
  enabled,
  mustEnroll,
  required,
}: {
  enabled: boolean;
  mustEnroll: boolean;
  required: boolean;
}) {
  const t = useT();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useNotice();
  const [setup, setSetup] = useState<{ secret: string; uri: string; qrCode: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const onError = (e: Error) => setNotice({ kind: "error", text: errorText(e) });
  const start = useMutation({
    mutationFn: async () => unwrap(await startTwoFactorAction({})),
    onSuccess: (s) => {
      setNotice(null);
      setSetup(s);
    },
    onError,
  });
  const confirm = useMutation({
    mutationFn: async () => unwrap(await confirmTwoFactorAction({ code })),
    onSuccess: (r) => {
      setCodes(r.recoveryCodes);
      setSetup(null);
      setCode("");
      setNotice(null);
      void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
    },
    onError,
  });
  const disable = useMutation({
    mutationFn: async () => unwrap(await disableTwoFactorAction({ code })),
    onSuccess: () => {
      setCode("");
      setNotice({ kind: "success", text: t("account.disabled") });
      void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
    },
    onError,
  });

  const codeField = (id: string, label: string) => (
    <FormField label={label} htmlFor={id}>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        className="w-48"
      />
    </FormField>
  );

  return (
    <Card title={t("account.twoFactor")}>
      <div className="space-y-3 text-sm" id="two-factor">
        {mustEnroll && !enabled ? <Alert kind="info">{t("account.mustEnroll")}</Alert> : null}
        {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
        {codes ? (
          <div className="space-y-2">
            <Alert kind="success">{t("account.recoveryOnce")}</Alert>
            <ul className="grid grid-cols-2 gap-1 font-mono text-xs sm:grid-cols-5" data-testid="recovery-codes">
              {codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {enabled ? (
          <>
            <p data-testid="two-factor-state">{t("account.twoFactorIsOn")}</p>
            {required ? null : (
              <form
                className="flex flex-wrap items-end gap-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  disable.mutate();
                }}
              >
                {codeField("disable-code", t("account.disableCode"))}
                <Button type="submit" variant="secondary" disabled={disable.isPending || code.length < 6}>
                  {t("account.disable")}
                </Button>
              </form>
            )}
          </>
        ) : setup ? (
          <div className="space-y-2">
            <p>{t("account.secret")}</p>
            {/* A data: SVG drawn on the server: nothing for the image optimiser to do. */}
            <Image
              unoptimized
              src={setup.qrCode}
              alt={t("account.qrAlt")}
              width={180}
              height={180}
              className="rounded border border-slate-200"
              data-testid="totp-qr"
            />
            <code className="block break-all rounded bg-slate-100 p-2 text-xs" data-testid="totp-secret">
              {setup.secret}
            </code>
            <a className="text-brand underline" href={setup.uri}>
              {t("account.openInApp")}
            </a>
            <form
              className="flex flex-wrap items-end gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                confirm.mutate();
              }}
            >
              {codeField("totp-code", t("account.code"))}
              <Button type="submit" disabled={confirm.isPending || code.length < 6}>
                {t("account.confirm")}
              </Button>
            </form>
          </div>
        ) : (
          <>
            <p className="text-slate-600">{t("account.twoFactorIntro")}</p>
            <Button onClick={() => start.mutate()} disabled={start.isPending}>
              {t("account.setUp")}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
