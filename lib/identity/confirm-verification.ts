import { recordAudit } from "@/lib/audit/record";
import type { AuthContext } from "@/lib/auth/context";
import { getChannelById } from "@/lib/channels/repository";
import { transaction } from "@/lib/db/transaction";
import { DomainError, ProviderError } from "@/lib/errors/domain-error";
import { identityProviderFor } from "@/lib/providers/identity-registry";
import { LIMITS } from "@/lib/throttle/limits";
import { throttled } from "@/lib/throttle/throttle";
import { otpMatches } from "./otp";
import {
  consumeOtp,
  findVerification,
  findVerificationOrThrow,
  markFailed,
  markVerified,
  takeOtpAttempt,
  type VerificationRecord,
} from "./repository";
import { resolveIdentityStore } from "./resolve-store";
import { serializeVerification } from "./serialize";
import { verificationSummary } from "./audit-summary";
import { assertSent, MAX_OTP_ATTEMPTS } from "./status";

/**
 * Checks the code and consumes it, so it works exactly once. One of the code's attempts is taken
 * before the comparison, in one conditional write, so concurrent guesses cannot share an attempt.
 */
async function checkOtp(row: VerificationRecord, otp: string | undefined): Promise<void> {
  if (otp === undefined) throw new DomainError("INVALID_REQUEST", "otp: required for the SMS method");
  if (row.status === "FAILED")
    throw new DomainError(
      "INVALID_REQUEST",
      "otp: this verification FAILED after too many wrong codes; resend a new code",
    );
  if (row.otp_hash === null)
    throw new DomainError("INVALID_REQUEST", "otp: no code is outstanding (already used); resend a new code");
  if (row.otp_expires_at === null || Date.now() > row.otp_expires_at)
    throw new DomainError("INVALID_REQUEST", "otp: the code has expired; resend a new code");
  const attempt = await takeOtpAttempt(row, MAX_OTP_ATTEMPTS);
  if (attempt === null)
    throw new DomainError(
      "INVALID_REQUEST",
      "otp: no attempts are left for this code (or it was replaced); resend a new code",
    );
  if (!otpMatches(row.otp_hash, row.id, otp)) {
    if (attempt >= MAX_OTP_ATTEMPTS) {
      // The 5th wrong code makes the verification FAILED (until resend).
      await markFailed(row);
      throw new DomainError(
        "INVALID_REQUEST",
        `otp: wrong code; ${MAX_OTP_ATTEMPTS} wrong codes made this verification FAILED, resend a new code`,
      );
    }
    throw new DomainError("INVALID_REQUEST", `otp: wrong code (${MAX_OTP_ATTEMPTS - attempt} attempts left)`);
  }
  if (!(await consumeOtp(row)))
    throw new DomainError("INVALID_REQUEST", "otp: the code was already used or replaced; resend a new code");
}

/** POST /identity-verifications/{id}/confirm: SMS with the OTP, APP without (the sandbox app approves at once). */
export async function confirmVerification({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { id: string; storeId?: string; otp?: string };
}) {
  const store = await resolveIdentityStore(ctx, input.storeId);
  const row = assertSent(await findVerification(ctx.merchantId, store.id, input.id));
  // Wrong codes also count per client address, across verifications (429 once over).
  if (row.method === "SMS")
    await throttled([{ limit: LIMITS.otpAddress(), key: ctx.origin.ip_address }], () => checkOtp(row, input.otp));
  const channel = await getChannelById(row.channel_id);
  const outcome = await identityProviderFor(channel).confirm({
    channel,
    pgSession: row.pg_session ?? "",
    method: row.method,
  });
  if (!outcome.ok) throw new ProviderError(outcome.pgCode, outcome.pgMessage);
  const customer = { id: row.customer_id ?? undefined, ...outcome.person };
  await transaction(async (tx) => {
    const done = await markVerified(
      row.id,
      { customer, pgTxId: outcome.pgTxId, pgRawResponse: outcome.pgRawResponse, now: Date.now() },
      tx,
    );
    if (!done)
      throw new DomainError("IDENTITY_VERIFICATION_ALREADY_VERIFIED", "this identity verification is already verified");
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "identity_verification.confirm",
      targetId: input.id,
      before: { status: row.status },
      after: { ...verificationSummary(row), status: "VERIFIED" },
    });
  });
  return {
    identityVerification: serializeVerification(await findVerificationOrThrow(ctx.merchantId, store.id, input.id)),
  };
}
