import { requireDashboard } from "@/lib/dashboard/context";
import { SandboxInboxClient } from "@/components/identity/sandbox-inbox";

export default async function SandboxInboxPage() {
  await requireDashboard();
  return <SandboxInboxClient />;
}
