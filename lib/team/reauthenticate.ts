import { LIMITS } from "@/lib/throttle/limits";
import { forgiveAttempt, takeAttempt, type Check } from "@/lib/throttle/throttle";

/** A signed-in user proving who they are again (current password, a TOTP or recovery code). */
export type Reauthenticating = { userEmail: string; origin?: { ip_address?: string } };

/**
 * Re-authentication under the sign-in throttle: the same counters (per e-mail and per client
 * address) as a sign-in, counted before the proof is checked and forgiven when it was right, so
 * wrong guesses here and at the sign-in form add up. Over the limit: TOO_MANY_REQUESTS.
 */
export async function reauthenticate(me: Reauthenticating, prove: () => Promise<boolean>): Promise<boolean> {
  const checks: Check[] = [{ limit: LIMITS.signInEmail(), key: me.userEmail.trim().toLowerCase().slice(0, 320) }];
  if (me.origin?.ip_address) checks.push({ limit: LIMITS.signInAddress(), key: me.origin.ip_address });
  await takeAttempt(checks);
  const proven = await prove();
  if (proven) await forgiveAttempt(checks);
  return proven;
}
