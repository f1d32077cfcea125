import { Alert } from "@/components/ui/card";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator, pageTitle } from "@/lib/i18n/server";
import { ChannelsClient } from "./page-client";

export const generateMetadata = () => pageTitle("nav.channels");

/** Channels of the current store: the TEST sandbox channels and the LIVE ones the merchant connects (OWNER/ADMIN). */
export default async function ChannelsPage() {
  const ctx = await requireDashboard();
  if (ctx.role === "VIEWER") {
    const { t } = await getTranslator();
    return <Alert kind="info">{t("channels.viewerCannot")}</Alert>;
  }
  return <ChannelsClient />;
}
