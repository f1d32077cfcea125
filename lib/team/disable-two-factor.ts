import { recordAudit } from "@/lib/audit/record";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { endUserSessions } from "@/lib/sessions/sessions";
import { checkSecondFactor } from "./check-second-factor";
import { reauthenticate, type Reauthenticating } from "./reauthenticate";
import { invalidCode } from "./errors";
import { clearTwoFactor, twoFactorRequired } from "./repository";

/**
 * Off again, with a valid code (under the sign-in throttle); refused while the owner requires
 * two-factor for the team. The user's other sessions end.
 */
export async function disableTwoFactor({
  ctx: me,
  input: { code },
}: {
  ctx: Reauthenticating & { merchantId: string; userId: string; sessionId?: string };
  input: { code: string };
}): Promise<void> {
  if (await twoFactorRequired(me.merchantId))
    throw new DomainError("PERMISSION_DENIED", "the team requires two-factor");
  if (!(await reauthenticate(me, () => checkSecondFactor(me.userId, code)))) throw invalidCode();
  await transaction(async (tx) => {
    await clearTwoFactor(tx, me.userId);
    await endUserSessions(tx, me.userId, me.sessionId);
    await recordAudit(tx, {
      merchantId: me.merchantId,
      action: "user.two_factor_disable",
      targetId: me.userId,
      before: { two_factor: true },
      after: { two_factor: false },
    });
  });
}
