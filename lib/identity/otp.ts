import { randomInt, timingSafeEqual } from "node:crypto";
import type { ChannelRecord } from "@/lib/channels/repository";
import { newId } from "@/lib/ids";
import type { OtpDelivery } from "@/lib/providers/identity-types";
import { keyedDigest, sealText } from "@/lib/sealed";
import { insertSandboxMessage } from "./repository";
import { OTP_TTL_MS } from "./status";

const OTP_PURPOSE = "identity-otp";
export const INBOX_PURPOSE = "sandbox-inbox";

/** A fresh 6-digit code from the CSPRNG; only its keyed digest (bound to the row) is stored. */
export function issueOtp(rowId: string, now = Date.now()) {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, "0");
  return { otp, hash: hashOtp(rowId, otp), expiresAt: now + OTP_TTL_MS };
}

function hashOtp(rowId: string, otp: string): string {
  return keyedDigest(OTP_PURPOSE, `${rowId}:${otp}`);
}

export function otpMatches(stored: string, rowId: string, otp: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(hashOtp(rowId, otp));
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Where the sandbox drops the simulated SMS: the sandbox inbox, TEST channels only, sealed with the
 * server key so no code sits in the database in clear. LIVE channels never get a delivery target.
 */
export function sandboxInboxDelivery(
  channel: ChannelRecord,
  row: { id: string; verification_id: string },
): OtpDelivery {
  return async (message) => {
    if (channel.type !== "TEST") return;
    await insertSandboxMessage({
      id: newId("sms-"),
      merchant_id: channel.merchant_id,
      store_id: channel.store_id,
      verification_row_id: row.id,
      verification_id: row.verification_id,
      phone_number: message.phoneNumber,
      sealed_text: sealText(INBOX_PURPOSE, message.text),
      sealed_otp: sealText(INBOX_PURPOSE, message.otp),
      expires_at: message.expiresAt,
      created_at: Date.now(),
    });
  };
}
