"use client";

import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/** A new endpoint secret, shown once (created or rotated), with a copy button. */
export function SecretReveal({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const t = useT();
  return (
    <div
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3"
      role="status"
      data-testid="endpoint-secret"
    >
      <p className="break-all text-sm font-medium text-slate-800">{t("webhooks.newSecret", { url })}</p>
      <code className="block break-all rounded bg-white px-2 py-1 text-xs" data-testid="endpoint-secret-value">
        {secret}
      </code>
      <p className="text-xs text-slate-600">{t("webhooks.secretOnce")}</p>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={secret} label={t("webhooks.copySecret")} testId="copy-endpoint-secret" />
        <Button type="button" variant="ghost" onClick={onDone}>
          {t("webhooks.done")}
        </Button>
      </div>
    </div>
  );
}
