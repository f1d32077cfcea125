import { recordAudit } from "@/lib/audit/record";
import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { requireHostingContract } from "@/lib/tenancy/hosting";
import { nextChangeTime, openService } from "./open-service";
import { loadApplication, moveApplication, recordEvent } from "./repository";
import type { ApplicationStatus } from "./schema";
import { canMoveApplication } from "./status";

const FAILED: readonly ApplicationStatus[] = ["APPLICATION_CANCELED", "CONTRACT_CANCELED", "CONTRACT_REJECTED"];

/** Sandbox: moves an application to another status (recorded in its history). */
export async function advanceApplication({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { application_id: string; status: ApplicationStatus; reason?: string };
}) {
  requireHostingContract(ctx);
  return transaction(async (tx) => {
    const app = await loadApplication(ctx, input.application_id, tx);
    const from = app.status;
    if (!canMoveApplication(from, input.status))
      throw new DomainError("INVALID_REQUEST", `status: an application cannot move from ${from} to ${input.status}`);
    const now = nextChangeTime(app.updated_at);
    const opened = input.status === "SERVICE_OPEN" ? await openService(tx, app, now) : undefined;
    const failedReason = FAILED.includes(input.status) ? input.reason || input.status : undefined;
    if (!(await moveApplication(tx, app, { to: input.status, at: now, failedReason, opened })))
      throw new DomainError("INVALID_REQUEST", "the application changed meanwhile; reload");
    await recordEvent(tx, {
      merchant_id: app.merchant_id,
      application_id: app.id,
      field: "status",
      from_value: from,
      to_value: input.status,
      reason: input.reason || null,
      at: now,
    });
    await recordAudit(tx, {
      merchantId: app.merchant_id,
      action: "application.status_change",
      targetId: app.id,
      before: { status: from },
      after: { status: input.status, ...(input.reason ? { reason: input.reason } : {}) },
    });
    return { id: app.id, status: input.status };
  });
}
