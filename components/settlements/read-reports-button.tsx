"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { readSettlementReportsAction } from "./actions";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { useNotice } from "@/components/ui/use-notice";

/** "Read PG reports now" (OWNER/ADMIN): the store's settlement reports read on demand, with what it found. */
export function ReadReportsButton() {
  const t = useT();
  const router = useRouter();
  const [pending, start] = useTransition();
  const [notice, setNotice] = useNotice();
  const read = () =>
    start(async () => {
      const result = await readSettlementReportsAction({});
      if (!result.ok) return setNotice({ kind: "error", text: t(`error.${result.code}`) });
      const { channels, read, confirmed, failed } = result.data;
      const text =
        channels === 0
          ? t("settlements.readNone")
          : t("settlements.readDone", { channels, read, confirmed }) +
            (failed.length > 0 ? ` ${t("settlements.readFailed", { failed: failed.length })}` : "");
      setNotice({ kind: failed.length > 0 ? "error" : "success", text });
      router.refresh();
    });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" onClick={read} disabled={pending} data-testid="read-reports">
        {pending ? t("settlements.reading") : t("settlements.read")}
      </Button>
      {notice ? (
        <span
          role="status"
          data-testid="read-reports-result"
          className={notice.kind === "error" ? "text-sm text-red-700" : "text-sm text-green-700"}
        >
          {notice.text}
        </span>
      ) : null}
    </div>
  );
}
