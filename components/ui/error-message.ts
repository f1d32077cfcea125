"use client";

import { useCallback } from "react";
import { useT } from "@/components/i18n-provider";
import type { ActionError } from "@/lib/dashboard/unwrap";

/**
 * An error in the reader's language: the code's sentence (`error.<CODE>`), then what helps act on
 * it: the provider's own code and message, the field concerned, or the request id of an internal error.
 */
function describeError(t: (key: string, vars?: Record<string, string | number>) => string, error: unknown): string {
  const e = (error ?? {}) as ActionError;
  const code = typeof e.code === "string" ? e.code : undefined;
  const known = code ? t(`error.${code}`) : undefined;
  if (!code || known === `error.${code}`) {
    // Not an action failure: a network error or a bug in the page.
    return e instanceof TypeError ? t("error.NETWORK") : e.message || t("error.SERVICE_ERROR");
  }
  const details: string[] = [];
  if (code === "PG_PROVIDER_ERROR") {
    const pgCode = typeof e.params?.pg_code === "string" ? e.params.pg_code : undefined;
    details.push([pgCode, e.message].filter(Boolean).join(": "));
  } else if (code === "INVALID_REQUEST" && e.field) {
    details.push(t("error.field", { field: e.field }));
  } else if (code === "INVALID_REQUEST" || code === "SERVICE_ERROR") {
    // No field to point at: the service's own explanation (or the request id) is the detail.
    details.push(e.message);
  }
  const detail = details.filter(Boolean).join(" · ");
  return detail ? `${known} (${detail})` : known!;
}

export function useErrorMessage() {
  const t = useT();
  return useCallback((error: unknown) => describeError(t, error), [t]);
}

/** A schema's English field message → its key in lib/i18n/messages/field-errors.ts. */
const fieldMessageKey = (message: string) =>
  `field.${message
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;

/**
 * A field error (react-hook-form + zod) in the reader's language: the form's known messages, else
 * the zod issue code's sentence, never the validator's English.
 */
export function useFieldError() {
  const t = useT();
  return useCallback(
    (error: { message?: string; type?: string } | undefined): string | undefined => {
      if (!error) return undefined;
      if (error.message) {
        const key = fieldMessageKey(error.message);
        const known = t(key);
        if (known !== key) return known;
      }
      const byCode = error.type ? t(`validation.${error.type}`) : "";
      return byCode && !byCode.startsWith("validation.") ? byCode : t("validation.custom");
    },
    [t],
  );
}
