import { requireDashboard } from "@/lib/dashboard/context";
import { safeTitle } from "@/lib/i18n/title";
import { getTranslator } from "@/lib/i18n/server";
import { VerificationDetailClient } from "@/components/identity/verification-detail";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { t } = await getTranslator();
  return { title: `${t("identity.detail")} ${safeTitle((await params).id)}` };
}

export default async function VerificationDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await requireDashboard();
  const { id } = await params;
  return <VerificationDetailClient id={safeDecode(id)} canWrite={ctx.role !== "VIEWER"} />;
}

/** Path segments may arrive still percent-encoded; a stray "%" must not crash the page. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
