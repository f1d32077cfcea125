import type { AuthContext } from "@/lib/auth/context";
import { isUniqueViolation, transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { requireHostingContract } from "@/lib/tenancy/hosting";
import { hashPassword } from "@/lib/users/passwords";
import { findUserByEmail, insertUser } from "@/lib/users/repository";
import { loadSubStore } from "./repository";

/** A dashboard login limited to one sub-store. */
export async function createStoreUser({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { store_id: string; email: string; password: string; name?: string; role: "ADMIN" | "VIEWER" };
}) {
  requireHostingContract(ctx);
  if (ctx.role === "VIEWER") throw new DomainError("PERMISSION_DENIED", "viewers cannot add users");
  const { store } = await loadSubStore(ctx, input.store_id);
  const taken = () =>
    new DomainError("INVALID_REQUEST", "email: this e-mail address already has a login", { field: "email" });
  if (await findUserByEmail(input.email)) throw taken();
  // Hashed before the transaction opens, so the write lock is not held through bcrypt.
  const passwordHash = await hashPassword(input.password);
  try {
    const { id } = await transaction((tx) =>
      insertUser(tx, {
        merchantId: ctx.merchantId,
        storeId: store.id,
        email: input.email,
        name: input.name || input.email,
        password: input.password,
        passwordHash,
        role: input.role,
      }),
    );
    return { id };
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
