import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { listOutbox } from "@/lib/mail/list-outbox";
import { newMerchant } from "@/lib/testing/fixtures";
import { asMember, memberOf, ownerOf } from "@/lib/testing/team";
import { verifyPassword } from "@/lib/users/passwords";
import { acceptInvitation } from "./accept-invitation";
import { findOpenInvitation } from "./find-open-invitation";
import { inviteMember } from "./invite-member";
import { listInvitations } from "./list-invitations";
import { revokeInvitation } from "./revoke-invitation";
import { changeMemberRole } from "./change-member-role";
import { listMembers } from "./list-members";
import { removeMember } from "./remove-member";
import { setTwoFactorRequired } from "./set-two-factor-required";
import { changePassword } from "./change-password";
import { sealAuditChain } from "@/lib/audit/seal";

const tokenOf = (link: string) => new URL(link).pathname.split("/").pop()!;

async function rejects(promise: Promise<unknown>, code: string) {
  await expect(promise).rejects.toMatchObject({ code });
}

describe("invitations", () => {
  it("an owner invites by e-mail: the link goes to the outbox, works once within 72 h and creates the login with the role", async () => {
    const m = await newMerchant({ name: "Invite shop" });
    const owner = await ownerOf(m);
    const sent = await asMember(owner, () =>
      inviteMember({ ctx: owner, input: { email: "New.Person@Example.com", role: "ADMIN" } }),
    );
    expect(sent.delivery).toBe("outbox");
    const [mail] = await listOutbox({ ctx: { merchantId: m.merchant_id } });
    expect(mail).toMatchObject({ to: "new.person@example.com", subject: expect.stringContaining("Invite shop") });
    expect(mail!.text).toContain(sent.link);
    const token = tokenOf(sent.link);
    // Only the digest is stored.
    expect(
      JSON.stringify(
        await getDb().selectFrom("invitations").selectAll().where("merchant_id", "=", m.merchant_id).execute(),
      ),
    ).not.toContain(token);
    expect(await findOpenInvitation(token)).toEqual({ email: "new.person@example.com", merchantName: "Invite shop" });
    expect((await listInvitations({ ctx: owner })).map((i) => i.email)).toEqual(["new.person@example.com"]);

    await acceptInvitation({ token, name: "New Person", password: "a long password" }, "203.0.113.9");
    const members = await listMembers({ ctx: owner });
    expect(members.find((u) => u.email === "new.person@example.com")).toMatchObject({
      name: "New Person",
      role: "ADMIN",
      storeId: null,
      twoFactor: false,
      lastSignInAt: null,
    });
    await rejects(acceptInvitation({ token, name: "Again", password: "a long password" }, null), "INVITATION_EXPIRED");
    expect(await listInvitations({ ctx: owner })).toEqual([]);
    await sealAuditChain(m.merchant_id);
    const audit = await getDb()
      .selectFrom("audit_log")
      .select(["action", "actor_name", "ip_address"])
      .where("merchant_id", "=", m.merchant_id)
      .orderBy("seq")
      .execute();
    expect(audit).toEqual([
      { action: "invitation.create", actor_name: `${owner.userName} <${owner.userEmail}>`, ip_address: "198.51.100.4" },
      { action: "invitation.accept", actor_name: "New Person <new.person@example.com>", ip_address: "203.0.113.9" },
    ]);
  });

  it("an expired or revoked link is refused; another merchant cannot revoke it", async () => {
    const m = await newMerchant();
    const owner = await ownerOf(m);
    const expired = await inviteMember({
      ctx: owner,
      input: { email: `late-${m.merchant_id}@example.com`, role: "VIEWER" },
    });
    await getDb()
      .updateTable("invitations")
      .set({ expires_at: Date.now() - 1 })
      .where("id", "=", expired.id)
      .execute();
    expect(await findOpenInvitation(tokenOf(expired.link))).toBeNull();
    await rejects(
      acceptInvitation({ token: tokenOf(expired.link), name: "Late", password: "a long password" }, null),
      "INVITATION_EXPIRED",
    );

    const revoked = await inviteMember({
      ctx: owner,
      input: { email: `gone-${m.merchant_id}@example.com`, role: "VIEWER" },
    });
    const stranger = await ownerOf(await newMerchant());
    await rejects(revokeInvitation({ ctx: stranger, input: { id: revoked.id } }), "NOT_FOUND");
    await revokeInvitation({ ctx: owner, input: { id: revoked.id } });
    await rejects(
      acceptInvitation({ token: tokenOf(revoked.link), name: "Gone", password: "a long password" }, null),
      "INVITATION_EXPIRED",
    );
  });

  it("viewers and store-limited users cannot invite; an admin cannot invite an owner; a taken e-mail is refused naming the field", async () => {
    const m = await newMerchant();
    const admin = await memberOf(m, "ADMIN");
    await rejects(
      inviteMember({ ctx: await memberOf(m, "VIEWER"), input: { email: "x1@example.com", role: "VIEWER" } }),
      "PERMISSION_DENIED",
    );
    await rejects(
      inviteMember({ ctx: await memberOf(m, "ADMIN", m.store_id), input: { email: "x2@example.com", role: "VIEWER" } }),
      "PERMISSION_DENIED",
    );
    await rejects(inviteMember({ ctx: admin, input: { email: "x3@example.com", role: "OWNER" } }), "PERMISSION_DENIED");
    await expect(
      inviteMember({ ctx: admin, input: { email: m.dashboard.email, role: "VIEWER" } }),
    ).rejects.toMatchObject({
      code: "INVALID_REQUEST",
      params: { field: "email" },
    });
    await rejects(
      inviteMember({
        ctx: admin,
        input: { email: "x4@example.com", role: "VIEWER", store_id: (await newMerchant()).store_id },
      }),
      "STORE_NOT_FOUND",
    );
  });
});

describe("roles and removal", () => {
  it("changes roles and removes users, never the last owner", async () => {
    const m = await newMerchant();
    const owner = await ownerOf(m);
    const viewer = await memberOf(m, "VIEWER");
    await changeMemberRole({ ctx: owner, input: { user_id: viewer.userId, role: "ADMIN" } });
    expect((await listMembers({ ctx: owner })).find((u) => u.id === viewer.userId)?.role).toBe("ADMIN");
    await rejects(changeMemberRole({ ctx: owner, input: { user_id: owner.userId, role: "ADMIN" } }), "LAST_OWNER");
    await rejects(removeMember({ ctx: owner, input: { user_id: owner.userId } }), "LAST_OWNER");
    // An admin cannot touch an owner, nor make themselves one.
    const admin = { ...viewer, role: "ADMIN" as const };
    await rejects(removeMember({ ctx: admin, input: { user_id: owner.userId } }), "PERMISSION_DENIED");
    await rejects(
      changeMemberRole({ ctx: admin, input: { user_id: admin.userId, role: "OWNER" } }),
      "PERMISSION_DENIED",
    );
    await removeMember({ ctx: owner, input: { user_id: viewer.userId } });
    expect((await listMembers({ ctx: owner })).map((u) => u.id)).toEqual([owner.userId]);
    await rejects(
      removeMember({ ctx: await ownerOf(await newMerchant()), input: { user_id: owner.userId } }),
      "NOT_FOUND",
    );
  });

  it("two owners demoting each other at once leave one owner", async () => {
    const m = await newMerchant();
    const a = await ownerOf(m);
    const b = await memberOf(m, "OWNER");
    const results = await Promise.allSettled([
      changeMemberRole({ ctx: a, input: { user_id: b.userId, role: "ADMIN" } }),
      changeMemberRole({ ctx: b, input: { user_id: a.userId, role: "ADMIN" } }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await listMembers({ ctx: a })).filter((u) => u.role === "OWNER")).toHaveLength(1);
  });

  it("a store-limited user sees only themselves; only an owner requires two-factor", async () => {
    const m = await newMerchant();
    const limited = await memberOf(m, "ADMIN", m.store_id);
    expect((await listMembers({ ctx: limited })).map((u) => u.id)).toEqual([limited.userId]);
    await rejects(
      setTwoFactorRequired({ ctx: await memberOf(m, "ADMIN"), input: { required: true } }),
      "PERMISSION_DENIED",
    );
    await setTwoFactorRequired({ ctx: await ownerOf(m), input: { required: true } });
    expect(
      (
        await getDb()
          .selectFrom("merchants")
          .select("require_two_factor")
          .where("id", "=", m.merchant_id)
          .executeTakeFirstOrThrow()
      ).require_two_factor,
    ).toBe(1);
  });
});

describe("password change", () => {
  it("needs the current password, then replaces the hash", async () => {
    const m = await newMerchant();
    const viewer = await memberOf(m, "VIEWER");
    await expect(
      changePassword({ ctx: viewer, input: { current: "not it", next: "a brand new password" } }),
    ).rejects.toMatchObject({
      code: "INVALID_REQUEST",
      params: { field: "current" },
    });
    await changePassword({ ctx: viewer, input: { current: viewer.password, next: "a brand new password" } });
    const row = await getDb()
      .selectFrom("users")
      .select(["password_hash", "password_changed_at"])
      .where("id", "=", viewer.userId)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword("a brand new password", row.password_hash)).toBe(true);
    expect(row.password_changed_at).not.toBeNull();
  });
});
