/**
 * The identity-verification provider interface (mobile-carrier verification, e.g. DANAL). We own
 * the OTP's life (issue, hash, expiry, attempts); the provider delivers it and, once the holder
 * proved possession, answers who the person is. The sandbox serves every TEST channel.
 */
import type { ChannelRef, ProviderFailure } from "./types";

export type IdentityOperator = "SKT" | "KT" | "LGU" | "SKT_MVNO" | "KT_MVNO" | "LGU_MVNO";

export type IdentityRequest = {
  channel: ChannelRef;
  operator: IdentityOperator;
  name: string;
  phoneNumber: string;
  /** The 7 leading digits of the resident number (SMS); passed through, never kept by us. */
  identityNumber?: string;
};

export type VerifiedPerson = {
  name: string;
  phoneNumber: string;
  birthDate: string;
  gender: "MALE" | "FEMALE" | "OTHER";
  isForeigner: boolean;
  ci: string;
  di: string;
};

/** The provider's handle on a started verification (opaque to us, kept until confirmed). */
export type IdentityStarted = { ok: true; pgSession: string };

export type IdentityConfirmed = { ok: true; pgTxId: string; person: VerifiedPerson; pgRawResponse: string };

export interface IdentityProvider {
  /** SMS: text the OTP to the phone. */
  sendOtp(
    input: IdentityRequest & { otp: string; expiresAt: number; delivery: OtpDelivery },
  ): Promise<IdentityStarted | ProviderFailure>;
  /** SMS again: a new OTP to the phone of a started verification (the old one is void on our side). */
  resendOtp(input: {
    channel: ChannelRef;
    pgSession: string;
    phoneNumber: string;
    otp: string;
    expiresAt: number;
    delivery: OtpDelivery;
  }): Promise<IdentityStarted | ProviderFailure>;
  /** APP: push a request to the carrier's authentication app. */
  sendAppPush(input: IdentityRequest): Promise<IdentityStarted | ProviderFailure>;
  /** The holder proved possession (OTP matched, or the app approved): who is it? */
  confirm(input: {
    channel: ChannelRef;
    pgSession: string;
    method: "SMS" | "APP";
  }): Promise<IdentityConfirmed | ProviderFailure>;
}

/** Where the sandbox drops a simulated text (the sandbox inbox); real adapters ignore it. */
export type OtpDelivery = (message: {
  phoneNumber: string;
  text: string;
  otp: string;
  expiresAt: number;
}) => Promise<void>;
