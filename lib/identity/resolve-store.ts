import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { resolveStore } from "@/lib/tenancy/scope";

/** The store an identity call acts on: a wrong store id is 400, a store-limited caller naming another 403. */
export async function resolveIdentityStore(ctx: AuthContext, storeId: string | undefined) {
  try {
    return await resolveStore(ctx, storeId, { missingAs: "INVALID_REQUEST", deniedAs: "FORBIDDEN" });
  } catch (error) {
    if (error instanceof DomainError && error.code === "INVALID_REQUEST")
      throw new DomainError("INVALID_REQUEST", "storeId: wrong store id");
    throw error;
  }
}
