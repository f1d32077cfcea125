import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { authOptions } from "@/lib/dashboard/auth-options";
import { getDb } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { memberOf, ownerOf, type Member } from "@/lib/testing/team";
import { setTwoFactorRequired } from "./set-two-factor-required";
import { checkSecondFactor } from "./check-second-factor";
import { confirmTwoFactorEnrollment } from "./confirm-two-factor-enrollment";
import { disableTwoFactor } from "./disable-two-factor";
import { startTwoFactorEnrollment } from "./start-two-factor-enrollment";

type Authorize = (credentials: Record<string, string>, req: unknown) => Promise<unknown>;
const authorize = (authOptions().providers[0] as unknown as { options: { authorize: Authorize } }).options.authorize;

/** A code of the step after `step`, so it is not refused as a replay of the enrolment code. */
async function nextCode(secret: string, afterStepOf: number = Date.now()) {
  return generate({ secret, epoch: Math.floor(afterStepOf / 1000) + 30 });
}

async function enrolled(member: Member) {
  const { secret, uri, qrCode } = await startTwoFactorEnrollment({ ctx: member });
  expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  expect(Buffer.from(qrCode.replace("data:image/svg+xml;base64,", ""), "base64").toString()).toMatch(/^<svg /);
  const { recoveryCodes } = await confirmTwoFactorEnrollment({
    ctx: member,
    input: { code: await generate({ secret }) },
  });
  return { secret, recoveryCodes };
}

describe("two-factor (TOTP)", () => {
  it("enrols with a code from the app; the secret is sealed and recovery codes stored as digests", async () => {
    const m = await newMerchant();
    const member = await memberOf(m, "ADMIN");
    const { secret, recoveryCodes } = await enrolled(member);
    expect(recoveryCodes).toHaveLength(10);
    const row = await getDb()
      .selectFrom("users")
      .select(["totp_secret", "totp_enabled_at"])
      .where("id", "=", member.userId)
      .executeTakeFirstOrThrow();
    expect(row.totp_enabled_at).not.toBeNull();
    expect(row.totp_secret).not.toContain(secret);
    const stored = await getDb()
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("user_id", "=", member.userId)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]!.replace("-", ""));
    await expect(startTwoFactorEnrollment({ ctx: member })).rejects.toMatchObject({ code: "INVALID_REQUEST" });
  });

  it("a wrong first code does not turn it on", async () => {
    const member = await memberOf(await newMerchant(), "VIEWER");
    await startTwoFactorEnrollment({ ctx: member });
    await expect(confirmTwoFactorEnrollment({ ctx: member, input: { code: "000000" } })).rejects.toMatchObject({
      code: "TWO_FACTOR_CODE_INVALID",
      params: { field: "code" },
    });
  });

  it("sign-in asks for the code after the right password; each code works once; a recovery code works once", async () => {
    const m = await newMerchant();
    const member = await memberOf(m, "ADMIN");
    const { secret, recoveryCodes } = await enrolled(member);
    const creds = { email: member.userEmail, password: member.password };
    await expect(authorize(creds, {})).rejects.toThrow("TwoFactorRequired");
    expect(await authorize({ ...creds, password: "wrong" }, {})).toBeNull();
    await expect(authorize({ ...creds, otp: "123456" }, {})).rejects.toThrow("TwoFactorInvalid");
    const code = await nextCode(secret);
    expect(await authorize({ ...creds, otp: code }, {})).toMatchObject({ id: member.userId });
    await expect(authorize({ ...creds, otp: code }, {})).rejects.toThrow("TwoFactorInvalid");
    expect(await authorize({ ...creds, otp: recoveryCodes[3]!.toUpperCase() }, {})).toMatchObject({
      id: member.userId,
    });
    expect(await checkSecondFactor(member.userId, recoveryCodes[3]!)).toBe(false);
    const signedIn = await getDb()
      .selectFrom("users")
      .select("last_sign_in_at")
      .where("id", "=", member.userId)
      .executeTakeFirstOrThrow();
    expect(signedIn.last_sign_in_at).not.toBeNull();
  });

  it("turning it off needs a code and is refused while the owner requires it", async () => {
    const m = await newMerchant();
    const member = await memberOf(m, "ADMIN");
    const { recoveryCodes } = await enrolled(member);
    await setTwoFactorRequired({ ctx: await ownerOf(m), input: { required: true } });
    await expect(disableTwoFactor({ ctx: member, input: { code: recoveryCodes[0]! } })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    await setTwoFactorRequired({ ctx: await ownerOf(m), input: { required: false } });
    await expect(disableTwoFactor({ ctx: member, input: { code: "999999" } })).rejects.toMatchObject({
      code: "TWO_FACTOR_CODE_INVALID",
    });
    await disableTwoFactor({ ctx: member, input: { code: recoveryCodes[1]! } });
    expect(await authorize({ email: member.userEmail, password: member.password }, {})).toMatchObject({
      id: member.userId,
    });
  });
});
