import { recordAudit } from "@/lib/audit/record";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { hashPassword, verifyPassword } from "@/lib/users/passwords";
import { endUserSessions } from "@/lib/sessions/sessions";
import { reauthenticate, type Reauthenticating } from "./reauthenticate";
import { passwordHashOf, setPasswordHash } from "./repository";

/**
 * Every user changes their own password, proving the current one first (under the sign-in
 * throttle). Their other sessions end; the one making the change stays.
 */
export async function changePassword({
  ctx: me,
  input: { current, next },
}: {
  ctx: Reauthenticating & { merchantId: string; userId: string; sessionId?: string };
  input: { current: string; next: string };
}): Promise<void> {
  if (!(await reauthenticate(me, async () => verifyPassword(current, await passwordHashOf(me.userId))))) {
    throw new DomainError("INVALID_REQUEST", "current: the current password is not right", { field: "current" });
  }
  const hash = await hashPassword(next);
  await transaction(async (tx) => {
    await setPasswordHash(tx, me.userId, hash, Date.now());
    await endUserSessions(tx, me.userId, me.sessionId);
    await recordAudit(tx, { merchantId: me.merchantId, action: "user.password_change", targetId: me.userId });
  });
}
