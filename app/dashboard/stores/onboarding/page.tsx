import { NoHostingContract } from "@/components/stores/no-contract";
import { pageTitle } from "@/lib/i18n/server";
import { OnboardingBoard } from "@/components/stores/onboarding-board";
import { requireDashboard } from "@/lib/dashboard/context";

export const generateMetadata = () => pageTitle("stores.board.title");

export default async function OnboardingPage() {
  const ctx = await requireDashboard();
  if (!ctx.hasHostingContract) return <NoHostingContract />;
  return <OnboardingBoard />;
}
