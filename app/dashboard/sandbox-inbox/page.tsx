import { requireDashboard } from "@/lib/dashboard/context";
import { pageTitle } from "@/lib/i18n/server";
import { SandboxInboxClient } from "@/components/identity/sandbox-inbox";

export const generateMetadata = () => pageTitle("inbox.title");

export default async function SandboxInboxPage() {
  await requireDashboard();
  return <SandboxInboxClient />;
}
