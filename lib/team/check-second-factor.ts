import { claimTotpStep, spendRecoveryCode, twoFactorStateOf } from "./repository";
import { recoveryDigest, totpStep } from "./totp";

/**
 * The second factor at sign-in (or to turn it off): a current TOTP code, each time step once,
 * or an unused recovery code, spent by a conditional write so two sign-ins cannot share it.
 */
export async function checkSecondFactor(userId: string, code: string): Promise<boolean> {
  const user = await twoFactorStateOf(userId);
  if (!user || user.totp_enabled_at === null) return false;
  const trimmed = code.trim();
  const step = await totpStep(user, trimmed);
  if (step !== null) return claimTotpStep(userId, step, user.totp_last_step);
  return spendRecoveryCode(userId, recoveryDigest(trimmed), Date.now());
}
