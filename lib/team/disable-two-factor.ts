import { recordAudit } from "@/lib/audit/record";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { checkSecondFactor } from "./check-second-factor";
import { invalidCode } from "./errors";
import { clearTwoFactor, twoFactorRequired } from "./repository";

/** Off again, with a valid code; refused while the owner requires two-factor for the team. */
export async function disableTwoFactor({
  ctx: me,
  input: { code },
}: {
  ctx: { merchantId: string; userId: string };
  input: { code: string };
}): Promise<void> {
  if (await twoFactorRequired(me.merchantId))
    throw new DomainError("PERMISSION_DENIED", "the team requires two-factor");
  if (!(await checkSecondFactor(me.userId, code))) throw invalidCode();
  await transaction(async (tx) => {
    await clearTwoFactor(tx, me.userId);
    await recordAudit(tx, {
      merchantId: me.merchantId,
      action: "user.two_factor_disable",
      targetId: me.userId,
      before: { two_factor: true },
      after: { two_factor: false },
    });
  });
}
