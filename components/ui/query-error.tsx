"use client";

import { useT } from "@/components/i18n-provider";
import { Button } from "./button";
import { useErrorMessage } from "./error-message";

/** A failed load: what went wrong in the reader's language, and a way to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  const errorText = useErrorMessage();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
      data-testid="query-error"
    >
      <span className="min-w-0 break-words">{errorText(error)}</span>
      <Button variant="secondary" onClick={onRetry}>
        {t("common.retry")}
      </Button>
    </div>
  );
}
