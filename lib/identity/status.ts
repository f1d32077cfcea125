import { DomainError } from "@/lib/errors/domain-error";
import type { VerificationRecord } from "./repository";

/**
 * The verification's state rules (spec rules 1–3). READY → VERIFIED on a matching confirm;
 * READY → FAILED after 5 wrong codes; FAILED → READY on resend; VERIFIED is final.
 */
/** Codes that may be checked against one OTP; the 5th wrong one makes the verification FAILED. */
export const MAX_OTP_ATTEMPTS = 5;
export const OTP_TTL_MS = 3 * 60_000;

export function assertCanSend(row: VerificationRecord | undefined): void {
  if (!row) return;
  if (row.status === "VERIFIED")
    throw new DomainError("IDENTITY_VERIFICATION_ALREADY_VERIFIED", "this identity verification is already verified");
  if (row.sent_at !== null)
    throw new DomainError(
      "IDENTITY_VERIFICATION_ALREADY_SENT",
      "this identity verification was already sent; use resend for a new code",
    );
}

/** Confirm and resend need a verification that was sent and is not yet verified. */
export function assertSent(row: VerificationRecord | undefined): VerificationRecord {
  if (!row) throw new DomainError("IDENTITY_VERIFICATION_NOT_FOUND", "no identity verification with this id");
  if (row.status === "VERIFIED")
    throw new DomainError("IDENTITY_VERIFICATION_ALREADY_VERIFIED", "this identity verification is already verified");
  if (row.sent_at === null)
    throw new DomainError("IDENTITY_VERIFICATION_NOT_SENT", "this identity verification was never sent");
  return row;
}
