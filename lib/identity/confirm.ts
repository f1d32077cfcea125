import { DomainError, ProviderError } from "@/lib/api/error-codes";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import type { IdentityVerificationsTable } from "@/lib/db/tables/identity";
import { identityProviderFor } from "@/lib/providers/identity-registry";
import { LIMITS } from "@/lib/throttle/limits";
import { throttled } from "@/lib/throttle/throttle";
import { otpMatches } from "./otp";
import { findVerification, findVerificationOrThrow, resolveIdentityStore } from "./repository";
import { serializeVerification } from "./serialize";
import { assertSent, MAX_OTP_ATTEMPTS } from "./status";

/**
 * Takes one of the OTP's 5 attempts before the code is compared, in one conditional write, so
 * concurrent guesses cannot share an attempt. Returns the attempt number, or null when none is left.
 */
async function takeAttempt(row: IdentityVerificationsTable): Promise<number | null> {
  const taken = await getDb()
    .updateTable("identity_verifications")
    .set((eb) => ({ otp_attempts: eb("otp_attempts", "+", 1), updated_at: Date.now() }))
    .where("id", "=", row.id)
    .where("otp_hash", "=", row.otp_hash)
    .where("status", "=", "READY")
    .where("otp_attempts", "<", MAX_OTP_ATTEMPTS)
    .returning("otp_attempts")
    .executeTakeFirst();
  return taken ? Number(taken.otp_attempts) : null;
}

/** The 5th wrong code makes the verification FAILED (until resend). */
async function failVerification(row: IdentityVerificationsTable): Promise<void> {
  const now = Date.now();
  await getDb()
    .updateTable("identity_verifications")
    .set({ status: "FAILED", otp_hash: null, otp_expires_at: null, status_changed_at: now, updated_at: now })
    .where("id", "=", row.id)
    .where("otp_hash", "=", row.otp_hash)
    .where("status", "=", "READY")
    .execute();
}

/** Checks the code and consumes it in one conditional write, so it works exactly once. */
async function consumeOtp(row: IdentityVerificationsTable, otp: string | undefined): Promise<void> {
  if (otp === undefined) throw new DomainError("INVALID_REQUEST", "otp: required for the SMS method");
  if (row.status === "FAILED") throw new DomainError("INVALID_REQUEST", "otp: this verification FAILED after too many wrong codes; resend a new code");
  if (row.otp_hash === null) throw new DomainError("INVALID_REQUEST", "otp: no code is outstanding (already used); resend a new code");
  if (row.otp_expires_at === null || Date.now() > row.otp_expires_at) throw new DomainError("INVALID_REQUEST", "otp: the code has expired; resend a new code");
  const attempt = await takeAttempt(row);
  if (attempt === null) throw new DomainError("INVALID_REQUEST", "otp: no attempts are left for this code (or it was replaced); resend a new code");
  if (!otpMatches(row.otp_hash, row.id, otp)) {
    if (attempt >= MAX_OTP_ATTEMPTS) {
      await failVerification(row);
      throw new DomainError("INVALID_REQUEST", `otp: wrong code; ${MAX_OTP_ATTEMPTS} wrong codes made this verification FAILED, resend a new code`);
    }
    throw new DomainError("INVALID_REQUEST", `otp: wrong code (${MAX_OTP_ATTEMPTS - attempt} attempts left)`);
  }
  const claimed = await getDb()
    .updateTable("identity_verifications")
    .set({ otp_hash: null, otp_expires_at: null, updated_at: Date.now() })
    .where("id", "=", row.id)
    .where("otp_hash", "=", row.otp_hash)
    .where("status", "=", "READY")
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw new DomainError("INVALID_REQUEST", "otp: the code was already used or replaced; resend a new code");
}

/** POST /identity-verifications/{id}/confirm: SMS with the OTP, APP without (the sandbox app approves at once). */
export async function confirmVerification({ ctx, id, input }: { ctx: AuthContext; id: string; input: { storeId?: string; otp?: string } }) {
  const store = await resolveIdentityStore(ctx, input.storeId);
  const row = assertSent(await findVerification(ctx.merchantId, store.id, id));
  // Wrong codes also count per client address, across verifications (429 once over).
  if (row.method === "SMS") await throttled([{ limit: LIMITS.otpAddress(), key: ctx.origin.ip_address }], () => consumeOtp(row, input.otp));
  const channel = await getDb().selectFrom("channels").selectAll().where("id", "=", row.channel_id).executeTakeFirstOrThrow();
  const outcome = await identityProviderFor(channel).confirm({ channel, pgSession: row.pg_session ?? "", method: row.method });
  if (!outcome.ok) throw new ProviderError(outcome.pgCode, outcome.pgMessage);
  const now = Date.now();
  const verifiedCustomer = { id: row.customer_id ?? undefined, ...outcome.person };
  const done = await getDb()
    .updateTable("identity_verifications")
    .set({
      status: "VERIFIED",
      verified_customer: JSON.stringify(verifiedCustomer),
      verified_at: now,
      pg_tx_id: outcome.pgTxId,
      pg_raw_response: outcome.pgRawResponse,
      pg_session: null,
      otp_hash: null,
      otp_expires_at: null,
      updated_at: now,
      status_changed_at: now,
    })
    .where("id", "=", row.id)
    .where("status", "=", "READY")
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw new DomainError("IDENTITY_VERIFICATION_ALREADY_VERIFIED", "this identity verification is already verified");
  return { identityVerification: serializeVerification(await findVerificationOrThrow(ctx.merchantId, store.id, id)) };
}
