import { getTranslator } from "@/lib/i18n/server";

/** Shown while the store has only TEST (sandbox) channels: nothing here moves real money. */
export async function TestModeBanner() {
  const { t } = await getTranslator();
  return (
    <div
      role="note"
      data-testid="test-mode-banner"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-800 lg:px-6"
    >
      <strong className="mr-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-bold tracking-wide">
        {t("shell.testBadge")}
      </strong>
      {t("shell.testBanner")}
    </div>
  );
}
