import { beforeAll, describe, expect, it } from "vitest";
import { newMerchant } from "@/lib/testing/fixtures";
import { REPO_ROOT } from "@/lib/testing/http-server";
import { memberOf, ownerOf } from "@/lib/testing/team";
import { dashboardSession, serverActions, type ServerAction } from "@/lib/testing/tenant-matrix/dashboard-client";

/**
 * Dashboard sessions end on the server (HTTP pass, both databases): a copy of the session cookie
 * stops working once its session signs out, and a password change or a role change ends the
 * user's other sessions. Probed with the payments CSV export (401 once the session has ended).
 */
let base: string;
let actions: ServerAction[];
const PROBE = "/dashboard/payments/export";

beforeAll(() => {
  expect(process.env.API_BASE_URL, "runs against a server (vitest.http.config.ts)").toBeTruthy();
  base = process.env.API_BASE_URL!;
  actions = serverActions(REPO_ROOT);
});

const action = (name: string) => actions.find((a) => a.name === name && a.file.includes("team/actions"))!;

/** A client holding only a copy of another's cookie. */
async function withCopiedCookie(cookie: string, url: string): Promise<number> {
  return (await fetch(`${base}${url}`, { headers: { cookie }, redirect: "manual" })).status;
}

describe("dashboard sessions end everywhere", () => {
  it("signing out ends the session for a copied cookie too", async () => {
    const member = await memberOf(await newMerchant(), "VIEWER");
    const session = await dashboardSession(base, member.userEmail, member.password);
    const copy = session.cookie;
    expect(await withCopiedCookie(copy, PROBE)).toBe(200);
    expect(await session.signOut()).toBe(200);
    expect(await withCopiedCookie(copy, PROBE)).toBe(401);
    expect(await withCopiedCookie(copy, "/dashboard")).toBeGreaterThanOrEqual(300);
  });

  it("a password change ends the user's other sessions; the one that changed it goes on", async () => {
    const member = await memberOf(await newMerchant(), "VIEWER");
    const here = await dashboardSession(base, member.userEmail, member.password);
    const elsewhere = await dashboardSession(base, member.userEmail, member.password);
    const changed = await here.call(action("changePasswordAction"), {
      current: member.password,
      next: "a brand new password",
    });
    expect(changed.result).toEqual({ ok: true, data: {} });
    expect(await withCopiedCookie(elsewhere.cookie, PROBE)).toBe(401);
    expect(await withCopiedCookie(here.cookie, PROBE)).toBe(200);
  });

  it("a role change by an owner ends the member's sessions", async () => {
    const m = await newMerchant();
    const member = await memberOf(m, "VIEWER");
    const owner = await ownerOf(m);
    const theirs = await dashboardSession(base, member.userEmail, member.password);
    const ownerSession = await dashboardSession(base, owner.userEmail, owner.password);
    const changed = await ownerSession.call(action("changeRoleAction"), { user_id: member.userId, role: "ADMIN" });
    expect(changed.result).toEqual({ ok: true, data: {} });
    expect(await withCopiedCookie(theirs.cookie, PROBE)).toBe(401);
    expect(await withCopiedCookie(ownerSession.cookie, PROBE)).toBe(200);
  });
});
