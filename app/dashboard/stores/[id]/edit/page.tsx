import { NoHostingContract } from "@/components/stores/no-contract";
import { safeTitle } from "@/lib/i18n/title";
import { StoreForm } from "@/components/stores/store-form";
import { PageHeader } from "@/components/ui/card";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator } from "@/lib/i18n/server";
import { loadStoreForPage } from "../../load-store";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { t } = await getTranslator();
  return { title: `${t("stores.edit")} ${safeTitle((await params).id)}` };
}

export default async function EditStorePage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await requireDashboard();
  if (!ctx.hasHostingContract) return <NoHostingContract />;
  const store = await loadStoreForPage(ctx, decodeURIComponent((await params).id));
  const { t } = await getTranslator();
  return (
    <div>
      <PageHeader title={t("stores.edit.title", { name: store.name })} />
      <StoreForm store={store} />
    </div>
  );
}
