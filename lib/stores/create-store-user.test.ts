import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { dashboardContextOf } from "@/lib/testing/dashboard-context";
import { newMerchant } from "@/lib/testing/fixtures";
import { storeBody } from "@/lib/testing/stores";
import { asMember, memberOf } from "@/lib/testing/team";
import type { TeamRole } from "@/lib/team/schema";
import { createStoreUser } from "./create-store-user";

/** The store page's "add login" as this member: creating a login is team management. */
async function addLogin(role: TeamRole, limitedToSubStore: boolean) {
  const m = await newMerchant({ hosting: true });
  const sub = (await m.api.post("/v2/stores", storeBody())).body.id as string;
  const member = await memberOf(m, role, limitedToSubStore ? sub : null);
  const ctx = {
    ...dashboardContextOf({ merchant_id: m.merchant_id, store_id: limitedToSubStore ? sub : m.store_id }, [sub]),
    role,
    storeLimited: limitedToSubStore,
    userId: member.userId,
  };
  const email = `added-${m.merchant_id.toLowerCase()}@example.com`;
  const attempt = asMember(member, () =>
    createStoreUser({ ctx, input: { store_id: sub, email, password: "a-long-password", role: "ADMIN" } }),
  );
  const created = () => getDb().selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  return { attempt, created };
}

describe("adding a store's login", () => {
  it("a store-limited ADMIN is refused and no login is created (only merchant-wide owners and admins manage the team)", async () => {
    const { attempt, created } = await addLogin("ADMIN", true);
    await expect(attempt).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    expect(await created()).toBeUndefined();
  });

  it("a VIEWER is refused", async () => {
    const { attempt, created } = await addLogin("VIEWER", false);
    await expect(attempt).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    expect(await created()).toBeUndefined();
  });

  it("a merchant-wide ADMIN adds the login", async () => {
    const { attempt, created } = await addLogin("ADMIN", false);
    await expect(attempt).resolves.toMatchObject({ id: expect.any(String) });
    expect(await created()).toBeDefined();
  });
});
