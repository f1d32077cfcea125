import { recordAudit } from "@/lib/audit/record";
import type { AuthContext } from "@/lib/auth/context";
import { getChannelById } from "@/lib/channels/repository";
import { transaction } from "@/lib/db/transaction";
import { DomainError, ProviderError } from "@/lib/errors/domain-error";
import { identityProviderFor } from "@/lib/providers/identity-registry";
import { LIMITS } from "@/lib/throttle/limits";
import { takeAttempt } from "@/lib/throttle/throttle";
import { issueOtp, sandboxInboxDelivery } from "./otp";
import { findVerification, markResent, voidOtp } from "./repository";
import { resolveIdentityStore } from "./resolve-store";
import { verificationSummary } from "./audit-summary";
import { assertSent } from "./status";

/**
 * POST /identity-verifications/{id}/resend (SMS only): the previous code stops working, a new one
 * is texted, the failure count restarts and a FAILED verification is READY again. Resends are
 * capped per verification and per phone number per hour (429), so the 5 wrong codes a code
 * allows cannot be renewed without end, nor a phone flooded with texts.
 */
export async function resendVerification({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { id: string; storeId?: string };
}): Promise<Record<string, never>> {
  const store = await resolveIdentityStore(ctx, input.storeId);
  const row = assertSent(await findVerification(ctx.merchantId, store.id, input.id));
  if (row.method !== "SMS") throw new DomainError("INVALID_REQUEST", "resend applies to the SMS method only");
  await takeAttempt([
    { limit: LIMITS.otpResendVerification(), key: row.id },
    { limit: LIMITS.otpResendPhone(), key: row.customer_phone },
  ]);
  const channel = await getChannelById(row.channel_id);
  const otp = issueOtp(row.id);
  // Void the old code before the new one is delivered, so it can never be used after this call.
  await voidOtp(row.id);
  const outcome = await identityProviderFor(channel).resendOtp({
    channel,
    pgSession: row.pg_session ?? "",
    phoneNumber: row.customer_phone,
    otp: otp.otp,
    expiresAt: otp.expiresAt,
    delivery: sandboxInboxDelivery(channel, row),
  });
  if (!outcome.ok) throw new ProviderError(outcome.pgCode, outcome.pgMessage);
  await transaction(async (tx) => {
    const done = await markResent(
      row,
      { pgSession: outcome.pgSession, otpHash: otp.hash, otpExpiresAt: otp.expiresAt, now: Date.now() },
      tx,
    );
    if (!done)
      throw new DomainError("IDENTITY_VERIFICATION_ALREADY_VERIFIED", "this identity verification is already verified");
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "identity_verification.resend",
      targetId: input.id,
      before: { status: row.status },
      after: { ...verificationSummary(row), status: "READY" },
    });
  });
  return {};
}
