import { requireDashboard } from "@/lib/dashboard/context";
import { PaymentDetailClient } from "./page-client";

export default async function PaymentDetailPage({ params }: { params: Promise<{ paymentId: string }> }) {
  const ctx = await requireDashboard();
  const { paymentId } = await params;
  return <PaymentDetailClient paymentId={decodeURIComponent(paymentId)} storeId={ctx.storeId} canWrite={ctx.role !== "VIEWER"} />;
}
