import { DomainError } from "@/lib/api/error-codes";
import { recordAudit } from "@/lib/audit/record";
import { getDb, withTransaction } from "@/lib/db/client";
import { hashPassword, verifyPassword } from "@/lib/users/passwords";

/** Every user changes their own password, proving the current one first. */
export async function changePassword(me: { merchantId: string; userId: string }, current: string, next: string): Promise<void> {
  const user = await getDb().selectFrom("users").select("password_hash").where("id", "=", me.userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(current, user.password_hash))) {
    throw new DomainError("INVALID_REQUEST", "current: the current password is not right", { field: "current" });
  }
  const hash = await hashPassword(next);
  await withTransaction(async (tx) => {
    await tx.updateTable("users").set({ password_hash: hash, password_changed_at: Date.now() }).where("id", "=", me.userId).execute();
    await recordAudit(tx, { merchantId: me.merchantId, action: "user.password_change", targetId: me.userId });
  });
}
