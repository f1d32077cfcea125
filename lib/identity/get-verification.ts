import type { AuthContext } from "@/lib/auth/context";
import { findVerificationOrThrow } from "./repository";
import { resolveIdentityStore } from "./resolve-store";
import { serializeVerification } from "./serialize";

/** GET /identity-verifications/{id}. */
export async function getVerification({ ctx, input }: { ctx: AuthContext; input: { id: string; storeId?: string } }) {
  const store = await resolveIdentityStore(ctx, input.storeId);
  return serializeVerification(await findVerificationOrThrow(ctx.merchantId, store.id, input.id));
}

/** The dashboard's detail (current store): the wire record plus how it was sent. */
export async function getVerificationDetail({ ctx, input }: { ctx: AuthContext; input: { id: string } }) {
  const row = await findVerificationOrThrow(ctx.merchantId, ctx.storeId, input.id);
  return {
    verification: serializeVerification(row),
    method: row.method,
    operator: row.operator,
    sent: row.sent_at !== null,
  };
}
