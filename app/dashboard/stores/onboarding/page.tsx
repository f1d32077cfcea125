import { NoHostingContract } from "@/components/stores/no-contract";
import { OnboardingBoard } from "@/components/stores/onboarding-board";
import { requireDashboard } from "@/lib/dashboard/context";

export default async function OnboardingPage() {
  const ctx = await requireDashboard();
  if (!ctx.hasHostingContract) return <NoHostingContract />;
  return <OnboardingBoard />;
}
