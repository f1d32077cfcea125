import { recordAudit } from "@/lib/audit/record";
import { transaction } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { endUserSessions } from "@/lib/sessions/sessions";
import { invalidCode, twoFactorAlreadyOn } from "./errors";
import { reauthenticate, type Reauthenticating } from "./reauthenticate";
import { enableTwoFactor, twoFactorStateOf } from "./repository";
import { RECOVERY_CODES, recoveryCode, recoveryDigest, totpStep } from "./totp";

/**
 * Step two: the first code proves the app holds the secret (under the sign-in throttle); the
 * recovery codes are shown once. The user's other sessions end.
 */
export async function confirmTwoFactorEnrollment({
  ctx: me,
  input: { code },
}: {
  ctx: Reauthenticating & { merchantId: string; userId: string; sessionId?: string };
  input: { code: string };
}): Promise<{ recoveryCodes: string[] }> {
  const user = await twoFactorStateOf(me.userId);
  if (!user) throw invalidCode();
  if (user.totp_enabled_at !== null) throw twoFactorAlreadyOn();
  const found: { step: number | null } = { step: null };
  await reauthenticate(me, async () => {
    found.step = await totpStep(user, code.trim());
    return found.step !== null;
  });
  const step = found.step;
  if (step === null) throw invalidCode();
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  await transaction(async (tx) => {
    const digests = codes.map((c) => ({ id: newId("rc_"), digest: recoveryDigest(c) }));
    if (!(await enableTwoFactor(tx, me.userId, step, digests, Date.now()))) throw twoFactorAlreadyOn();
    await endUserSessions(tx, me.userId, me.sessionId);
    await recordAudit(tx, {
      merchantId: me.merchantId,
      action: "user.two_factor_enable",
      targetId: me.userId,
      after: { two_factor: true },
    });
  });
  return { recoveryCodes: codes };
}
