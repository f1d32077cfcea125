import { recordAudit } from "@/lib/audit/record";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import type { TeamActor } from "./permissions";
import { setRequireTwoFactor, twoFactorRequired } from "./repository";

/** OWNER only: every user of the merchant must sign in with a second factor. */
export async function setTwoFactorRequired({
  ctx: actor,
  input: { required },
}: {
  ctx: TeamActor;
  input: { required: boolean };
}): Promise<void> {
  if (actor.role !== "OWNER" || actor.storeLimited)
    throw new DomainError("PERMISSION_DENIED", "only an owner decides this");
  await transaction(async (tx) => {
    if ((await twoFactorRequired(actor.merchantId, tx)) === required) return;
    await setRequireTwoFactor(tx, actor.merchantId, required);
    await recordAudit(tx, {
      merchantId: actor.merchantId,
      action: "team.require_two_factor",
      targetId: actor.merchantId,
      before: { required: !required },
      after: { required },
    });
  });
}
