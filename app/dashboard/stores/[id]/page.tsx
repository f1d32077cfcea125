import { NoHostingContract } from "@/components/stores/no-contract";
import { safeTitle } from "@/lib/i18n/title";
import { getTranslator } from "@/lib/i18n/server";
import { requireDashboard } from "@/lib/dashboard/context";
import { managesTeam } from "@/lib/team/permissions";
import { loadStoreForPage } from "../load-store";
import { StoreDetailClient } from "./page-client";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { t } = await getTranslator();
  return { title: `${t("nav.stores")} ${safeTitle((await params).id)}` };
}

export default async function StorePage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await requireDashboard();
  if (!ctx.hasHostingContract) return <NoHostingContract />;
  const store = await loadStoreForPage(ctx, decodeURIComponent((await params).id));
  return <StoreDetailClient store={store} canWrite={ctx.role !== "VIEWER"} canAddLogin={managesTeam(ctx)} />;
}
