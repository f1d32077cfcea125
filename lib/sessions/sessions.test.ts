import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { newMerchant } from "@/lib/testing/fixtures";
import { memberOf, ownerOf, type Member } from "@/lib/testing/team";
import { changeMemberRole } from "@/lib/team/change-member-role";
import { changePassword } from "@/lib/team/change-password";
import { confirmTwoFactorEnrollment } from "@/lib/team/confirm-two-factor-enrollment";
import { disableTwoFactor } from "@/lib/team/disable-two-factor";
import { removeMember } from "@/lib/team/remove-member";
import { startTwoFactorEnrollment } from "@/lib/team/start-two-factor-enrollment";
import { endSession, isSessionLive, openSession } from "./sessions";

/** A member signed in twice (two browsers); `current` makes the changes. */
async function signedInTwice(role: "OWNER" | "ADMIN" | "VIEWER" = "VIEWER") {
  const m = await newMerchant();
  const member = await memberOf(m, role);
  const current = await openSession(member.userId);
  const other = await openSession(member.userId);
  // Both answers are now cached in this process, as on a busy dashboard.
  expect([await isSessionLive(current, member.userId), await isSessionLive(other, member.userId)]).toEqual([
    true,
    true,
  ]);
  return { m, member, current, other, me: { ...member, sessionId: current } };
}

const live = (member: Member, ...ids: string[]) => Promise.all(ids.map((id) => isSessionLive(id, member.userId)));

describe("dashboard sessions", () => {
  it("a session belongs to its user only, and signing out ends it (its copies too)", async () => {
    const { member, current, other } = await signedInTwice();
    expect(await isSessionLive(current, "user_someone_else")).toBe(false);
    expect(await isSessionLive(undefined, member.userId)).toBe(false);
    await endSession(current);
    expect(await live(member, current, other)).toEqual([false, true]);
  });

  it("a password change ends the user's other sessions; the one that made it stays", async () => {
    const { member, current, other, me } = await signedInTwice();
    await changePassword({ ctx: me, input: { current: member.password, next: "a new long password" } });
    expect(await live(member, current, other)).toEqual([true, false]);
  });

  it("turning two-factor on, then off, ends the user's other sessions each time", async () => {
    const { member, current, other, me } = await signedInTwice();
    const { secret } = await startTwoFactorEnrollment({ ctx: me });
    await confirmTwoFactorEnrollment({ ctx: me, input: { code: await generate({ secret }) } });
    expect(await live(member, current, other)).toEqual([true, false]);
    const third = await openSession(member.userId);
    const later = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await disableTwoFactor({ ctx: me, input: { code: later } });
    expect(await live(member, current, third)).toEqual([true, false]);
  });

  it("a role change or a removal by an admin ends every session of that user", async () => {
    const { m, member, current, other } = await signedInTwice();
    const owner = await ownerOf(m);
    await changeMemberRole({ ctx: owner, input: { user_id: member.userId, role: "ADMIN" } });
    expect(await live(member, current, other)).toEqual([false, false]);
    const again = await openSession(member.userId);
    await removeMember({ ctx: owner, input: { user_id: member.userId } });
    expect(await live(member, again)).toEqual([false]);
  });
});
