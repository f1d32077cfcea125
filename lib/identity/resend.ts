import { DomainError, ProviderError } from "@/lib/api/error-codes";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { identityProviderFor } from "@/lib/providers/identity-registry";
import { LIMITS } from "@/lib/throttle/limits";
import { takeAttempt } from "@/lib/throttle/throttle";
import { issueOtp, sandboxInboxDelivery } from "./otp";
import { findVerification, resolveIdentityStore } from "./repository";
import { assertSent } from "./status";

/**
 * POST /identity-verifications/{id}/resend (SMS only): the previous code stops working, a new one
 * is texted, the failure count restarts and a FAILED verification is READY again. Resends are
 * capped per verification and per phone number per hour (429), so the 5 wrong codes a code
 * allows cannot be renewed without end, nor a phone flooded with texts.
 */
export async function resendVerification({ ctx, id, input }: { ctx: AuthContext; id: string; input: { storeId?: string } }): Promise<Record<string, never>> {
  const store = await resolveIdentityStore(ctx, input.storeId);
  const row = assertSent(await findVerification(ctx.merchantId, store.id, id));
  if (row.method !== "SMS") throw new DomainError("INVALID_REQUEST", "resend applies to the SMS method only");
  await takeAttempt([
    { limit: LIMITS.otpResendVerification(), key: row.id },
    { limit: LIMITS.otpResendPhone(), key: row.customer_phone },
  ]);
  const channel = await getDb().selectFrom("channels").selectAll().where("id", "=", row.channel_id).executeTakeFirstOrThrow();
  const otp = issueOtp(row.id);
  // Void the old code before the new one is delivered, so it can never be used after this call.
  await getDb().updateTable("identity_verifications").set({ otp_hash: null, otp_expires_at: null, updated_at: Date.now() }).where("id", "=", row.id).where("status", "!=", "VERIFIED").execute();
  const outcome = await identityProviderFor(channel).resendOtp({
    channel,
    pgSession: row.pg_session ?? "",
    phoneNumber: row.customer_phone,
    otp: otp.otp,
    expiresAt: otp.expiresAt,
    delivery: sandboxInboxDelivery(channel, row),
  });
  if (!outcome.ok) throw new ProviderError(outcome.pgCode, outcome.pgMessage);
  const now = Date.now();
  const done = await getDb()
    .updateTable("identity_verifications")
    .set({
      status: "READY",
      pg_session: outcome.pgSession,
      otp_hash: otp.hash,
      otp_expires_at: otp.expiresAt,
      otp_attempts: 0,
      updated_at: now,
      ...(row.status === "FAILED" ? { status_changed_at: now } : {}),
    })
    .where("id", "=", row.id)
    .where("status", "!=", "VERIFIED")
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw new DomainError("IDENTITY_VERIFICATION_ALREADY_VERIFIED", "this identity verification is already verified");
  return {};
}
