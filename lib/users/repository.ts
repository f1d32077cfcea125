import { recordAudit } from "@/lib/audit/record";
import type { Db, Tx } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import type { UserRole } from "@/lib/db/tables/foundation";
import { newId } from "@/lib/ids";
import { hashPassword } from "./passwords";

export async function insertUser(
  tx: Db | Tx,
  input: {
    merchantId: string;
    storeId?: string | null;
    email: string;
    name: string;
    password: string;
    passwordHash?: string;
    role: UserRole;
  },
): Promise<{ id: string }> {
  // The login and its audit entry commit together.
  if (!tx.isTransaction) return tx.transaction().execute((t) => insertUser(t, input));
  const id = newId("user_");
  await tx
    .insertInto("users")
    .values({
      id,
      merchant_id: input.merchantId,
      store_id: input.storeId ?? null,
      email: input.email.toLowerCase(),
      name: input.name,
      password_hash: input.passwordHash ?? (await hashPassword(input.password)),
      role: input.role,
      created_at: Date.now(),
    })
    .execute();
  await recordAudit(tx, {
    merchantId: input.merchantId,
    action: "user.create",
    targetId: id,
    after: { email: input.email.toLowerCase(), role: input.role, store_id: input.storeId ?? null },
  });
  return { id };
}

export function findUserByEmail(email: string) {
  return getDb().selectFrom("users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
}

export function findUserById(id: string) {
  return getDb().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Stamps the user's latest sign-in. */
export async function setLastSignIn(userId: string, at: number): Promise<void> {
  await getDb().updateTable("users").set({ last_sign_in_at: at }).where("id", "=", userId).execute();
}

export async function setPasswordHash(userId: string, passwordHash: string): Promise<void> {
  await getDb().updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
}
