import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { newMerchant } from "@/lib/testing/fixtures";
import { memberOf } from "@/lib/testing/team";
import { withSignInThrottle } from "@/lib/dashboard/sign-in-throttle";
import { verifyPassword } from "@/lib/users/passwords";
import { changePassword } from "./change-password";
import { confirmTwoFactorEnrollment } from "./confirm-two-factor-enrollment";
import { disableTwoFactor } from "./disable-two-factor";
import { startTwoFactorEnrollment } from "./start-two-factor-enrollment";

/** A six-digit code that is none of the codes valid around now. */
async function wrongCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set(await Promise.all([-60, -30, 0, 30, 60].map((d) => generate({ secret, epoch: now + d }))));
  let n = Number.parseInt([...valid][0]!, 10);
  while (valid.has(String(n).padStart(6, "0"))) n = (n + 1) % 1_000_000;
  return String(n).padStart(6, "0");
}

/** A member with ctx as the dashboard gives it (own address, so counters do not mix between tests). */
async function signedIn(ip: string) {
  const member = await memberOf(await newMerchant(), "VIEWER");
  return { member, me: { ...member, origin: { ip_address: ip } } };
}

// The production defaults (the test environment lifts them for the rest of the suite).
beforeAll(() => {
  vi.stubEnv("THROTTLE_FAILURES_PER_ADDRESS", "30");
  vi.stubEnv("THROTTLE_FAILURES_PER_ACCOUNT", "10");
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe("re-authentication is throttled like sign-in (per user and per address)", () => {
  it("40 wrong current passwords, then the right one: refused, the password unchanged", async () => {
    const { member, me } = await signedIn("198.51.100.40");
    for (let i = 0; i < 40; i++)
      await expect(
        changePassword({ ctx: me, input: { current: `wrong-${i}`, next: "x".repeat(12) } }),
      ).rejects.toThrow();
    await expect(
      changePassword({ ctx: me, input: { current: member.password, next: "the attacker's choice" } }),
    ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    const { password_hash } = await getDb()
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", member.userId)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(member.password, password_hash)).toBe(true);
  });

  it("240 wrong TOTP codes to turn two-factor off, then a right one: refused, two-factor stays on", async () => {
    const { member, me } = await signedIn("198.51.100.41");
    const { secret } = await startTwoFactorEnrollment({ ctx: me });
    await confirmTwoFactorEnrollment({ ctx: me, input: { code: await generate({ secret }) } });
    const wrong = await wrongCode(secret);
    let refused = 0;
    for (let i = 0; i < 240; i++) {
      const error = await disableTwoFactor({ ctx: me, input: { code: wrong } }).catch((e: { code?: string }) => e);
      if ((error as { code?: string })?.code === "TOO_MANY_REQUESTS") refused += 1;
    }
    expect(refused).toBeGreaterThan(200);
    const right = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await expect(disableTwoFactor({ ctx: me, input: { code: right } })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    const user = await getDb()
      .selectFrom("users")
      .select("totp_enabled_at")
      .where("id", "=", member.userId)
      .executeTakeFirstOrThrow();
    expect(user.totp_enabled_at).not.toBeNull();
  });

  it("wrong codes when turning two-factor on count too", async () => {
    const { me } = await signedIn("198.51.100.42");
    const { secret } = await startTwoFactorEnrollment({ ctx: me });
    const wrong = await wrongCode(secret);
    for (let i = 0; i < 10; i++)
      await expect(confirmTwoFactorEnrollment({ ctx: me, input: { code: wrong } })).rejects.toMatchObject({
        code: "TWO_FACTOR_CODE_INVALID",
      });
    await expect(
      confirmTwoFactorEnrollment({ ctx: me, input: { code: await generate({ secret }) } }),
    ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });

  it("they share the sign-in's counters: wrong current passwords lock the sign-in form for that e-mail", async () => {
    const { member, me } = await signedIn("198.51.100.43");
    for (let i = 0; i < 10; i++)
      await expect(
        changePassword({ ctx: me, input: { current: `wrong-${i}`, next: "x".repeat(12) } }),
      ).rejects.toThrow();
    const form = new URLSearchParams({ email: member.userEmail, password: member.password });
    const request = new Request("http://localhost/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "203.0.113.77" },
      body: form,
    });
    const answer = await withSignInThrottle(request, async () => new Response("signed in"));
    expect(answer.status).toBe(429);
  });

  it("a right proof is forgiven: it does not count", async () => {
    const { member, me } = await signedIn("198.51.100.44");
    for (let i = 0; i < 12; i++)
      await changePassword({ ctx: me, input: { current: member.password, next: member.password } });
  });
});
