"use client";

import { formatKoreanPhone } from "@/lib/phone";
import { useNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import {
  confirmVerificationAction,
  getVerificationAction,
  resendVerificationAction,
} from "@/components/identity/actions";
import { useT, useFormat } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card, PageHeader } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { StatusBadge } from "./status-badge";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 border-t border-slate-100 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="col-span-2 break-all">{children}</dd>
    </div>
  );
}

/** One verification: its record, and the next step (code entry, app confirm, resend) while it is open. */
export function VerificationDetailClient({ id, canWrite }: { id: string; canWrite: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const key = ["verification", id];
  const detail = useQuery({ queryKey: key, queryFn: async () => unwrap(await getVerificationAction({ id })) });
  const [otp, setOtp] = useState("");
  const [notice, setNotice] = useNotice();
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const confirm = useMutation({
    mutationFn: async () => unwrap(await confirmVerificationAction({ id, otp: otp || undefined })),
    onSuccess: () => {
      setNotice({ kind: "success", text: t("identity.verified") });
      void refresh();
    },
    onError: (e: Error) => {
      setNotice({ kind: "error", text: errorText(e) });
      void refresh();
    },
  });
  const resend = useMutation({
    mutationFn: async () => unwrap(await resendVerificationAction({ id })),
    onSuccess: () => {
      setNotice({ kind: "info", text: t("identity.resent") });
      setOtp("");
      void refresh();
    },
    onError: (e: Error) => setNotice({ kind: "error", text: errorText(e) }),
  });

  if (detail.error) return <Alert>{t("identity.notFound")}</Alert>;
  if (!detail.data) return null;
  const { verification: v, method, operator, sent } = detail.data;
  const open = v.status !== "VERIFIED" && sent && canWrite;
  return (
    <div className="space-y-4">
      <PageHeader title={`${t("identity.detail")} ${v.id}`}>
        <Link className="text-sm text-brand hover:underline" href="/dashboard/sandbox-inbox">
          {t("identity.inboxLink")}
        </Link>
        <Link className="text-sm text-brand hover:underline" href="/dashboard/verifications">
          {t("identity.back")}
        </Link>
      </PageHeader>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      {open && method === "SMS" ? (
        <Card title={t("identity.sent")}>
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              setNotice(null);
              confirm.mutate();
            }}
          >
            <div className="w-40">
              <FormField label={t("identity.otp")} htmlFor="iv-otp">
                <Input
                  id="iv-otp"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={otp}
                  onChange={(e) => setOtp(e.target.value.replace(/\D/g, ""))}
                />
              </FormField>
            </div>
            <Button type="submit" disabled={confirm.isPending || otp.length !== 6}>
              {t("identity.confirm")}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={resend.isPending}
              onClick={() => {
                setNotice(null);
                resend.mutate();
              }}
            >
              {t("identity.resend")}
            </Button>
          </form>
        </Card>
      ) : null}
      {open && method === "APP" ? (
        <Card title={t("identity.appSent")}>
          <Button
            onClick={() => {
              setNotice(null);
              confirm.mutate();
            }}
            disabled={confirm.isPending}
          >
            {t("identity.confirm")}
          </Button>
        </Card>
      ) : null}
      <Card>
        <dl data-testid="verification-detail">
          <Row label={t("identity.status")}>
            <StatusBadge status={v.status} />
          </Row>
          <Row label={t("identity.method")}>
            {t(`enum.identityMethod.${method}`)} · {operator}
          </Row>
          <Row label={t("identity.channel")}>
            {v.channel
              ? `${v.channel.name} (${t(`enum.channelType.${v.channel.type}`)}, ${t(`enum.pgProvider.${v.channel.pgProvider}`)})`
              : ""}
          </Row>
          <Row label={t("identity.requestedAt")}>{fmt.dateTime(v.requestedAt)}</Row>
          {v.requestedCustomer ? (
            <>
              <Row label={t("identity.name")}>{v.requestedCustomer.name}</Row>
              <Row label={t("identity.phone")}>{formatKoreanPhone(v.requestedCustomer.phoneNumber)}</Row>
            </>
          ) : null}
          {v.verifiedCustomer ? (
            <>
              <Row label={t("identity.name")}>{String(v.verifiedCustomer.name)}</Row>
              <Row label={t("identity.phone")}>{formatKoreanPhone(String(v.verifiedCustomer.phoneNumber ?? ""))}</Row>
              <Row label={t("identity.birthDate")}>{String(v.verifiedCustomer.birthDate)}</Row>
              <Row label={t("identity.gender")}>{String(v.verifiedCustomer.gender)}</Row>
              <Row label={t("identity.foreigner")}>{String(v.verifiedCustomer.isForeigner)}</Row>
              <Row label="CI">
                <code className="text-xs">{String(v.verifiedCustomer.ci)}</code>
              </Row>
              <Row label="DI">
                <code className="text-xs">{String(v.verifiedCustomer.di)}</code>
              </Row>
              <Row label={t("identity.verifiedAt")}>{fmt.dateTime(v.verifiedAt)}</Row>
              <Row label="pgTxId">
                <code className="text-xs">{v.pgTxId}</code>
              </Row>
            </>
          ) : null}
          {v.customData ? (
            <Row label="customData">
              <code className="text-xs">{v.customData}</code>
            </Row>
          ) : null}
        </dl>
      </Card>
    </div>
  );
}
