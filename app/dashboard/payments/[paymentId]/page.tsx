import { requireDashboard } from "@/lib/dashboard/context";
import { safeTitle } from "@/lib/i18n/title";
import { getTranslator } from "@/lib/i18n/server";
import { PaymentDetailClient } from "./page-client";

export async function generateMetadata({ params }: { params: Promise<{ paymentId: string }> }) {
  const { t } = await getTranslator();
  return { title: `${t("nav.payments")} ${safeTitle((await params).paymentId)}` };
}

export default async function PaymentDetailPage({ params }: { params: Promise<{ paymentId: string }> }) {
  const ctx = await requireDashboard();
  const { paymentId } = await params;
  return (
    <PaymentDetailClient
      paymentId={decodeURIComponent(paymentId)}
      storeId={ctx.storeId}
      canWrite={ctx.role !== "VIEWER"}
    />
  );
}
