import { HOUR, MINUTE } from "@/lib/time";

/** A fixed-window limit: at most `max` counted attempts per `windowMs` for one key. */
export type Limit = { name: string; max: number; windowMs: number };

function setting(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const window = () => setting("THROTTLE_WINDOW_MS", 15 * MINUTE);
const perAddress = () => setting("THROTTLE_FAILURES_PER_ADDRESS", 30);
const perAccount = () => setting("THROTTLE_FAILURES_PER_ACCOUNT", 10);

/**
 * Every credential check and its limits (read at call time, so settings apply without a
 * rebuild). Failed attempts count; a successful one is forgiven.
 */
export const LIMITS = {
  /** POST /login/api-key, POST /v2/signin/api-key and `Authorization: PortOne <key>`. */
  apiKeyAddress: (): Limit => ({ name: "api-key:address", max: perAddress(), windowMs: window() }),
  apiKeyPrefix: (): Limit => ({ name: "api-key:prefix", max: perAccount(), windowMs: window() }),
  /** POST /v2/token-regeneration. */
  refreshAddress: (): Limit => ({ name: "refresh:address", max: perAddress(), windowMs: window() }),
  /** Dashboard sign-in. */
  signInAddress: (): Limit => ({ name: "sign-in:address", max: perAddress(), windowMs: window() }),
  signInEmail: (): Limit => ({ name: "sign-in:email", max: perAccount(), windowMs: window() }),
  /** OTP confirm (each verification also allows only 5 wrong codes per code). */
  otpAddress: (): Limit => ({ name: "otp:address", max: perAddress(), windowMs: window() }),
  /**
   * Toss's deposit callback: unverifiable callbacks (unknown order, forged secret). Toss's own
   * callbacks come from a few addresses and are forgiven, hence a higher bound per address.
   */
  depositCallbackAddress: (): Limit => ({
    name: "deposit-callback:address",
    max: setting("DEPOSIT_CALLBACK_FAILURES_PER_ADDRESS", 100),
    windowMs: window(),
  }),
  depositCallbackOrder: (): Limit => ({
    name: "deposit-callback:order",
    max: setting("DEPOSIT_CALLBACK_FAILURES_PER_ORDER", 10),
    windowMs: window(),
  }),
  /** OTP resends: every resend counts. */
  otpResendVerification: (): Limit => ({
    name: "otp-resend:verification",
    max: setting("OTP_RESENDS_PER_VERIFICATION", 3),
    windowMs: HOUR,
  }),
  otpResendPhone: (): Limit => ({
    name: "otp-resend:phone",
    max: setting("OTP_RESENDS_PER_PHONE", 10),
    windowMs: HOUR,
  }),
};
