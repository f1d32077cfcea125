import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { findUserByEmail, insertUser } from "@/lib/users/repository";
import { toRfc3339 } from "@/lib/time";
import { isUniqueViolation, loadSubStore } from "./repository";
import { requireHostingContract } from "@/lib/tenancy/hosting";

/** Dashboard logins limited to one sub-store: they see only that store in the switcher. */
export async function listStoreUsers({ ctx, input }: { ctx: AuthContext; input: { store_id: string } }) {
  requireHostingContract(ctx);
  const { store } = await loadSubStore(ctx, input.store_id);
  const rows = await getDb()
    .selectFrom("users")
    .select(["id", "email", "name", "role", "created_at"])
    .where("merchant_id", "=", ctx.merchantId)
    .where("store_id", "=", store.id)
    .orderBy("created_at")
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name, role: r.role, created_at: toRfc3339(r.created_at) }));
}

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
  const taken = () => new DomainError("INVALID_REQUEST", "email: this e-mail address already has a login", { field: "email" });
  if (await findUserByEmail(input.email)) throw taken();
  try {
    const { id } = await insertUser(getDb(), { merchantId: ctx.merchantId, storeId: store.id, email: input.email, name: input.name || input.email, password: input.password, role: input.role });
    return { id };
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
