import { requireDashboard } from "@/lib/dashboard/context";
import { VerificationDetailClient } from "@/components/identity/verification-detail";

export default async function VerificationDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await requireDashboard();
  const { id } = await params;
  return <VerificationDetailClient id={decodeURIComponent(id)} canWrite={ctx.role !== "VIEWER"} />;
}
