"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { switchLocale, switchStore } from "@/components/dashboard/actions";
import { useLocale, useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import { storeLabel } from "@/lib/i18n/labels";

export function StoreSwitcher({
  stores,
  current,
}: {
  stores: { id: string; name: string; is_default: number }[];
  current: string;
}) {
  const t = useT();
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-slate-500">{t("shell.store")}</span>
      <Select
        aria-label={t("shell.store")}
        data-testid="store-switcher"
        value={current}
        disabled={pending}
        onChange={(e) =>
          start(async () => {
            await switchStore({ storeId: e.target.value });
            router.refresh();
          })
        }
        className="!w-56"
      >
        {stores.map((s) => (
          <option key={s.id} value={s.id}>
            {storeLabel(t, s)}
          </option>
        ))}
      </Select>
    </label>
  );
}

export function LocaleSwitcher() {
  const t = useT();
  const locale = useLocale();
  const router = useRouter();
  return (
    <Select
      aria-label={t("shell.language")}
      value={locale}
      className="!w-28"
      onChange={async (e) => {
        await switchLocale(e.target.value);
        router.refresh();
      }}
    >
      <option value="ko">한국어</option>
      <option value="en">English</option>
    </Select>
  );
}

/**
 * next-auth's sign-out protocol (CSRF token, then POST), without shipping next-auth's client
 * library to every page for this one call.
 */
async function signOut() {
  const { csrfToken } = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
  await fetch("/api/auth/signout", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: "/login", json: "true" }),
  });
  window.location.assign("/login");
}

export function SignOutButton() {
  const t = useT();
  return (
    <Button variant="secondary" onClick={() => void signOut()}>
      {t("shell.signOut")}
    </Button>
  );
}
