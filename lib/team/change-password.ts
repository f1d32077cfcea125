import { recordAudit } from "@/lib/audit/record";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { hashPassword, verifyPassword } from "@/lib/users/passwords";
import { passwordHashOf, setPasswordHash } from "./repository";

/** Every user changes their own password, proving the current one first. */
export async function changePassword({
  ctx: me,
  input: { current, next },
}: {
  ctx: { merchantId: string; userId: string };
  input: { current: string; next: string };
}): Promise<void> {
  if (!(await verifyPassword(current, await passwordHashOf(me.userId)))) {
    throw new DomainError("INVALID_REQUEST", "current: the current password is not right", { field: "current" });
  }
  const hash = await hashPassword(next);
  await transaction(async (tx) => {
    await setPasswordHash(tx, me.userId, hash, Date.now());
    await recordAudit(tx, { merchantId: me.merchantId, action: "user.password_change", targetId: me.userId });
  });
}
