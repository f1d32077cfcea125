import { requireDashboard } from "@/lib/dashboard/context";
import { pageTitle } from "@/lib/i18n/server";
import { TeamClient } from "./page-client";

export const generateMetadata = () => pageTitle("nav.team");

export default async function TeamPage() {
  // The one page open to a user who still owes the team's required second factor.
  const ctx = await requireDashboard({ twoFactorSetup: true });
  const canManage = !ctx.storeLimited && (ctx.role === "OWNER" || ctx.role === "ADMIN");
  return (
    <TeamClient
      canManage={canManage}
      isOwner={ctx.role === "OWNER" && !ctx.storeLimited}
      mustEnroll={ctx.mustEnrollTwoFactor ?? false}
      stores={ctx.stores.map((s) => ({ id: s.id, name: s.name }))}
    />
  );
}
