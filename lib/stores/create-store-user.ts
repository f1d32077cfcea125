import type { AuthContext } from "@/lib/auth/context";
import { isUniqueViolation, transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { requireTeamManager, type TeamActor } from "@/lib/team/permissions";
import { requireHostingContract } from "@/lib/tenancy/hosting";
import { hashPassword } from "@/lib/users/passwords";
import { findUserByEmail, insertUser } from "@/lib/users/repository";
import { loadSubStore } from "./repository";

/**
 * A dashboard login limited to one sub-store. Creating a login is team management: only a
 * merchant-wide OWNER or ADMIN (a store-limited admin is refused, as for invitations).
 */
export async function createStoreUser({
  ctx,
  input,
}: {
  ctx: AuthContext & TeamActor;
  input: { store_id: string; email: string; password: string; name?: string; role: "ADMIN" | "VIEWER" };
}) {
  requireHostingContract(ctx);
  requireTeamManager(ctx);
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
