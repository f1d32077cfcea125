import type { AuthContext } from "@/lib/auth/context";
import { requireHostingContract } from "@/lib/tenancy/hosting";
import { eventsByApplication, listBoardApplications } from "./repository";
import { toApplicationView } from "./serialize";

/** Dashboard onboarding board: every sub-store's applications (a store-limited caller: its store's). */
export async function listOnboardingBoard({ ctx }: { ctx: AuthContext; input?: Record<string, never> }) {
  requireHostingContract(ctx);
  const rows = await listBoardApplications(ctx);
  const events = await eventsByApplication(
    ctx.merchantId,
    rows.map((r) => r.id),
  );
  return rows.map(({ store_name, ...row }) => toApplicationView(row, events.get(row.id) ?? [], store_name));
}
