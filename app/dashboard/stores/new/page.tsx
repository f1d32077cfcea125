import { NoHostingContract } from "@/components/stores/no-contract";
import { StoreForm } from "@/components/stores/store-form";
import { PageHeader } from "@/components/ui/card";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator, pageTitle } from "@/lib/i18n/server";

export const generateMetadata = () => pageTitle("stores.create.title");

export default async function NewStorePage() {
  const ctx = await requireDashboard();
  if (!ctx.hasHostingContract) return <NoHostingContract />;
  const { t } = await getTranslator();
  return (
    <div>
      <PageHeader title={t("stores.create.title")} />
      <StoreForm />
    </div>
  );
}
