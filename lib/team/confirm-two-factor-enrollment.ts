import { recordAudit } from "@/lib/audit/record";
import { transaction } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { invalidCode, twoFactorAlreadyOn } from "./errors";
import { enableTwoFactor, twoFactorStateOf } from "./repository";
import { RECOVERY_CODES, recoveryCode, recoveryDigest, totpStep } from "./totp";

/** Step two: the first code proves the app holds the secret; the recovery codes are shown once. */
export async function confirmTwoFactorEnrollment({
  ctx: me,
  input: { code },
}: {
  ctx: { merchantId: string; userId: string };
  input: { code: string };
}): Promise<{ recoveryCodes: string[] }> {
  const user = await twoFactorStateOf(me.userId);
  if (!user) throw invalidCode();
  if (user.totp_enabled_at !== null) throw twoFactorAlreadyOn();
  const step = await totpStep(user, code.trim());
  if (step === null) throw invalidCode();
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  await transaction(async (tx) => {
    const digests = codes.map((c) => ({ id: newId("rc_"), digest: recoveryDigest(c) }));
    if (!(await enableTwoFactor(tx, me.userId, step, digests, Date.now()))) throw twoFactorAlreadyOn();
    await recordAudit(tx, {
      merchantId: me.merchantId,
      action: "user.two_factor_enable",
      targetId: me.userId,
      after: { two_factor: true },
    });
  });
  return { recoveryCodes: codes };
}
