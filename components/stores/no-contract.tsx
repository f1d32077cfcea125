import { EmptyState, PageHeader } from "@/components/ui/card";
import { getTranslator } from "@/lib/i18n/server";

/** What merchants without the hosting contract see instead of the Stores pages. */
export async function NoHostingContract() {
  const { t } = await getTranslator();
  return (
    <div>
      <PageHeader title={t("stores.title")} />
      <EmptyState title={t("stores.noContract.title")} body={t("stores.noContract.body")} />
    </div>
  );
}
