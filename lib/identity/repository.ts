import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { resolveStore } from "@/lib/tenancy/scope";

/** The store an identity call acts on: a wrong store id is 400, a store-limited caller naming another 403. */
export async function resolveIdentityStore(ctx: AuthContext, storeId: string | undefined) {
  try {
    return await resolveStore(ctx, storeId, { missingAs: "INVALID_REQUEST", deniedAs: "FORBIDDEN" });
  } catch (error) {
    if (error instanceof DomainError && error.code === "INVALID_REQUEST") throw new DomainError("INVALID_REQUEST", "storeId: wrong store id");
    throw error;
  }
}

export function findVerification(merchantId: string, storeId: string, verificationId: string, db: Db | Tx = getDb()) {
  return db
    .selectFrom("identity_verifications")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .where("verification_id", "=", verificationId)
    .executeTakeFirst();
}

export async function findVerificationOrThrow(merchantId: string, storeId: string, verificationId: string) {
  const row = await findVerification(merchantId, storeId, verificationId);
  if (!row) throw new DomainError("IDENTITY_VERIFICATION_NOT_FOUND", "no identity verification with this id");
  return row;
}
