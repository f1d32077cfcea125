import { requireDashboard } from "@/lib/dashboard/context";
import { VerificationDetailClient } from "@/components/identity/verification-detail";

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
