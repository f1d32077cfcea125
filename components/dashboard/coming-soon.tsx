import { EmptyState, PageHeader } from "@/components/ui/card";
import { getTranslator } from "@/lib/i18n/server";

/** The page of an area that a later release fills in. */
export async function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = await getTranslator();
  return (
    <div>
      <PageHeader title={t(titleKey)} />
      <EmptyState title={t("empty.title")} body={t("empty.comingSoon")} />
    </div>
  );
}
