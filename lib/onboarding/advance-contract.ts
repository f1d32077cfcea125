import { recordAudit } from "@/lib/audit/record";
import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { requireHostingContract } from "@/lib/tenancy/hosting";
import { nextChangeTime } from "./open-service";
import { loadApplication, moveContract, recordEvent } from "./repository";
import type { ContractStatus } from "./schema";
import { canMoveContract } from "./status";

/** Sandbox: moves a Toss Payments application's contract status (recorded in its history). */
export async function advanceContract({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { application_id: string; status: ContractStatus };
}) {
  requireHostingContract(ctx);
  return transaction(async (tx) => {
    const app = await loadApplication(ctx, input.application_id, tx);
    const from = app.contract_status;
    if (from === null)
      throw new DomainError("INVALID_REQUEST", "only Toss Payments applications have a provider contract status");
    if (!canMoveContract(from, input.status))
      throw new DomainError("INVALID_REQUEST", `status: a contract cannot move from ${from} to ${input.status}`);
    const now = nextChangeTime(app.updated_at);
    if (!(await moveContract(tx, app, { from, to: input.status, at: now })))
      throw new DomainError("INVALID_REQUEST", "the application changed meanwhile; reload");
    await recordEvent(tx, {
      merchant_id: app.merchant_id,
      application_id: app.id,
      field: "contract_status",
      from_value: from,
      to_value: input.status,
      reason: null,
      at: now,
    });
    await recordAudit(tx, {
      merchantId: app.merchant_id,
      action: "application.contract_change",
      targetId: app.id,
      before: { contract_status: from },
      after: { contract_status: input.status },
    });
    return { id: app.id, contract_status: input.status };
  });
}
