import Link from "next/link";
import type { Mismatch, UnsettledItem } from "@/lib/reconciliation/types";
import { ScrollBox } from "@/components/ui/scroll-box";
import { LookUpButton } from "./look-up-button";

type T = (key: string) => string;

const cell = "px-3 py-2 align-top";
const head = "px-3 py-2 text-left font-medium text-slate-600";

function PaymentLink({ id }: { id: string | null }) {
  return id ? (
    <Link className="text-brand underline" href={`/dashboard/payments/${encodeURIComponent(id)}`}>
      {id}
    </Link>
  ) : (
    <span>—</span>
  );
}

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : "—";
}

export function MismatchTable({ rows, t }: { rows: Mismatch[]; t: T }) {
  return (
    <ScrollBox label={t("reconciliation.mismatches")}>
      <table className="min-w-full text-sm" data-testid="mismatches-table">
        <thead>
          <tr>
            <th className={head}>{t("reconciliation.kind")}</th>
            <th className={head}>{t("reconciliation.payment")}</th>
            <th className={head}>{t("reconciliation.ours")}</th>
            <th className={head}>{t("reconciliation.provider")}</th>
            <th className={head}>{t("reconciliation.detail")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((m, i) => (
            <tr key={`${m.kind}-${m.tx_id ?? m.cancellation_id ?? i}`} className="border-t border-slate-100">
              <td className={cell}>{t(`reconciliation.kind.${m.kind}`)}</td>
              <td className={cell}>{m.payment_id ? <PaymentLink id={m.payment_id} /> : (m.tx_id ?? "—")}</td>
              <td className={cell}>{m.ours?.toLocaleString() ?? "—"}</td>
              <td className={cell}>{m.provider?.toLocaleString() ?? "—"}</td>
              <td className={`${cell} text-slate-600`} data-raw>
                {m.detail}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

export function UnsettledTable({
  rows,
  t,
  canWrite,
  testId,
}: {
  rows: UnsettledItem[];
  t: T;
  canWrite: boolean;
  testId: string;
}) {
  return (
    <ScrollBox label={t(testId === "attention-table" ? "reconciliation.needsAttention" : "reconciliation.unsettled")}>
      <table className="min-w-full text-sm" data-testid={testId}>
        <thead>
          <tr>
            <th className={head}>{t("reconciliation.kind")}</th>
            <th className={head}>{t("reconciliation.payment")}</th>
            <th className={head}>{t("reconciliation.amount")}</th>
            <th className={head}>{t("reconciliation.since")}</th>
            <th className={head}>{t("reconciliation.lookups")}</th>
            <th className={head}>{t("reconciliation.nextLookup")}</th>
            <th className={head}>{t("reconciliation.lastError")}</th>
            <th className={head} />
          </tr>
        </thead>
        <tbody>
          {rows.map((u) => (
            <tr key={`${u.kind}-${u.id}`} className="border-t border-slate-100">
              <td className={cell}>{t(`reconciliation.kind.${u.kind}`)}</td>
              <td className={cell}>
                <PaymentLink id={u.payment_id} />
              </td>
              <td className={cell}>{u.amount?.toLocaleString() ?? "—"}</td>
              <td className={cell}>{when(u.since)}</td>
              <td className={cell}>{u.lookup_attempts}</td>
              <td className={cell}>{when(u.next_lookup_at)}</td>
              <td className={`${cell} max-w-xs break-words text-slate-600`} data-raw>
                {u.last_error ?? "—"}
              </td>
              <td className={cell}>
                {canWrite &&
                (u.kind === "attempt" || u.kind === "cancellation" || u.kind === "late_approval_refund") ? (
                  <LookUpButton kind={u.kind} id={u.id} />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
