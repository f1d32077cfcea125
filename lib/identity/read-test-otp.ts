import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { openSealed } from "@/lib/sealed";
import { toRfc3339 } from "@/lib/time";
import { INBOX_PURPOSE } from "./otp";
import { findVerificationOrThrow, latestSandboxMessage } from "./repository";
import { resolveIdentityStore } from "./resolve-store";

/** GET /v2/test-identity-verifications/{id}/otp: the latest simulated code (TEST channels only). */
export async function readTestOtp({ ctx, input }: { ctx: AuthContext; input: { id: string; storeId?: string } }) {
  const store = await resolveIdentityStore(ctx, input.storeId);
  const row = await findVerificationOrThrow(ctx.merchantId, store.id, input.id);
  if (row.channel_type !== "TEST") throw new DomainError("INVALID_REQUEST", "this endpoint serves TEST channels only");
  const message = await latestSandboxMessage(row.id);
  if (!message) throw new DomainError("IDENTITY_VERIFICATION_NOT_SENT", "no code was texted for this verification");
  const otp = openSealed(INBOX_PURPOSE, message.sealed_otp);
  if (otp === null) throw new DomainError("SERVICE_ERROR", "the sandbox inbox key changed; resend a new code");
  return { otp, expiresAt: toRfc3339(message.expires_at) };
}
