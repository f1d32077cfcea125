import { randomBytes } from "node:crypto";
import { verify } from "otplib";
import { sha256 } from "@/lib/crypto";
import { openSealedOrThrow } from "@/lib/sealed";
import type { TwoFactorState } from "./repository";

/** The seal of TOTP secrets at rest. */
export const TOTP_SEAL = "totp-secret";
export const TOTP_ISSUER = "Payment Platform";
export const RECOVERY_CODES = 10;
const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

export function recoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => CROCKFORD[b % 32]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Recovery codes are compared without case, spaces or the dash. */
export function recoveryDigest(code: string): string {
  return sha256(code.toLowerCase().replace(/[\s-]/g, ""));
}

/** A TOTP code for this user's secret, each time step accepted once; returns the step used. */
export async function totpStep(
  user: Pick<TwoFactorState, "totp_secret" | "totp_last_step">,
  code: string,
): Promise<number | null> {
  if (!user.totp_secret || !/^\d{6}$/.test(code)) return null;
  const secret = openSealedOrThrow(TOTP_SEAL, user.totp_secret);
  const last = user.totp_last_step === null ? undefined : Number(user.totp_last_step);
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(last === undefined ? {} : { afterTimeStep: last }),
  });
  // A TOTP verification reports the time step it matched (used against replay).
  return result.valid ? ((result as { timeStep?: number }).timeStep ?? null) : null;
}
