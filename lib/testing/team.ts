import { runAsCaller } from "@/lib/audit/actor";
import { userActor } from "@/lib/audit/user-actor";
import { getDb } from "@/lib/db/client";
import type { TeamActor } from "@/lib/team/permissions";
import type { TeamRole } from "@/lib/team/schema";
import { insertUser } from "@/lib/users/repository";
import type { newMerchant } from "./fixtures";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;
export type Member = TeamActor & { userName: string; userEmail: string; password: string };

let counter = 0;

/** The merchant's dashboard owner as a team actor. */
export async function ownerOf(m: Merchant): Promise<Member> {
  const user = await getDb()
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("email", "=", m.dashboard.email.toLowerCase())
    .executeTakeFirstOrThrow();
  return {
    merchantId: m.merchant_id,
    userId: user.id,
    role: "OWNER",
    storeLimited: false,
    userName: user.name,
    userEmail: user.email,
    password: m.dashboard.password,
  };
}

/** Another login of the merchant with this role (optionally limited to a store). */
export async function memberOf(m: Merchant, role: TeamRole, storeId: string | null = null): Promise<Member> {
  counter += 1;
  const email = `member-${counter}-${m.merchant_id.toLowerCase()}@example.com`;
  const password = "correct horse battery";
  const { id } = await insertUser(getDb(), {
    merchantId: m.merchant_id,
    storeId,
    email,
    name: `Member ${counter}`,
    password,
    role,
  });
  return {
    merchantId: m.merchant_id,
    userId: id,
    role,
    storeLimited: storeId !== null,
    userName: `Member ${counter}`,
    userEmail: email,
    password,
  };
}

/** Runs fn as this member acting from the dashboard (what dashboardAction does), for the audit log. */
export function asMember<T>(member: Member, fn: () => Promise<T>, ip = "198.51.100.4"): Promise<T> {
  return runAsCaller(
    { actor: userActor({ ...member, origin: { ip_address: ip } }), merchantId: member.merchantId },
    fn,
  );
}
