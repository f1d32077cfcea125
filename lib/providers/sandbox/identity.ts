import { randomInt } from "node:crypto";
import { newId } from "@/lib/ids";
import { readResidentNumber } from "@/lib/personal-id/resident-number";
import { keyedDigest, openSealed, sealText } from "@/lib/sealed";
import type { IdentityProvider, IdentityRequest, VerifiedPerson } from "../identity-types";
import type { ProviderFailure } from "../types";

/**
 * The sandbox carrier (CONTRACT §10). Its state travels in a sealed session handle instead of a
 * table, so birth-date digits are never stored in clear.
 */
const SEAL = "sandbox-identity-session";
const FAILING_PREFIX = "0109999";

type Person = Omit<VerifiedPerson, "ci" | "di">;

function sendFailed(): ProviderFailure {
  return {
    ok: false,
    pgCode: "SEND_FAILED",
    pgMessage: "the carrier could not deliver to this phone number (sandbox)",
  };
}

/** APP requests carry no resident number: the sandbox invents a stable birth date per person. */
function inventedFacts(
  name: string,
  phoneNumber: string,
): { birthDate: string; gender: "MALE" | "FEMALE"; isForeigner: boolean } {
  const h = Buffer.from(keyedDigest("sandbox-person", `${name}|${phoneNumber}`), "base64url");
  const year = 1960 + (h[0]! % 45);
  const month = 1 + (h[1]! % 12);
  const day = 1 + (h[2]! % 28);
  return {
    birthDate: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    gender: h[3]! % 2 === 0 ? "MALE" : "FEMALE",
    isForeigner: false,
  };
}

function personOf(input: IdentityRequest): Person {
  const facts =
    (input.identityNumber ? readResidentNumber(input.identityNumber) : null) ??
    inventedFacts(input.name, input.phoneNumber);
  return {
    name: input.name,
    phoneNumber: input.phoneNumber,
    birthDate: facts.birthDate,
    gender: facts.gender,
    isForeigner: facts.isForeigner,
  };
}

function smsText(otp: string): string {
  return `[Sandbox identity] Your verification code is ${otp}. It expires in 3 minutes.`;
}

function session(person: Person): string {
  return sealText(SEAL, JSON.stringify(person));
}

export const sandboxIdentityProvider: IdentityProvider = {
  async sendOtp(input) {
    if (input.phoneNumber.startsWith(FAILING_PREFIX)) return sendFailed();
    const person = personOf(input);
    await input.delivery({
      phoneNumber: input.phoneNumber,
      otp: input.otp,
      expiresAt: input.expiresAt,
      text: smsText(input.otp),
    });
    return { ok: true, pgSession: session(person) };
  },

  async resendOtp(input) {
    if (input.phoneNumber.startsWith(FAILING_PREFIX)) return sendFailed();
    if (!openSealed(SEAL, input.pgSession))
      return { ok: false, pgCode: "SESSION_INVALID", pgMessage: "the sandbox no longer recognises this verification" };
    await input.delivery({
      phoneNumber: input.phoneNumber,
      otp: input.otp,
      expiresAt: input.expiresAt,
      text: smsText(input.otp),
    });
    return { ok: true, pgSession: input.pgSession };
  },

  async sendAppPush(input) {
    if (input.phoneNumber.startsWith(FAILING_PREFIX)) return sendFailed();
    return { ok: true, pgSession: session(personOf(input)) };
  },

  async confirm({ channel, pgSession, method }) {
    const opened = openSealed(SEAL, pgSession);
    if (!opened)
      return { ok: false, pgCode: "SESSION_INVALID", pgMessage: "the sandbox no longer recognises this verification" };
    const person = JSON.parse(opened) as Person;
    // CI identifies the person everywhere; DI only within this merchant's site (provider merchant id).
    const ci = `${keyedDigest("sandbox-ci", `${person.name}|${person.birthDate}|${person.gender}`)}==`;
    const di = keyedDigest("sandbox-di", `${channel.pg_merchant_id}|${ci}`);
    const pgTxId = `sbx-iv-${newId().toLowerCase()}`;
    const raw = {
      result: "SUCCESS",
      tid: pgTxId,
      method,
      name: person.name,
      birth: person.birthDate,
      gender: person.gender,
      foreigner: person.isForeigner,
      phone: person.phoneNumber,
      approvedAt: new Date().toISOString(),
      code: String(randomInt(1000, 9999)),
    };
    return { ok: true, pgTxId, person: { ...person, ci, di }, pgRawResponse: JSON.stringify(raw) };
  },
};
