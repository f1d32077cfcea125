import { DomainError } from "@/lib/api/error-codes";
import { recordAudit } from "@/lib/audit/record";
import { getDb, withTransaction, type Tx } from "@/lib/db/client";
import { lockForUpdate } from "@/lib/db/row-lock";
import { listInvitations } from "./invitations";
import { requireTeamManager, type TeamActor } from "./permissions";
import type { TeamMember, TeamRole } from "./schema";

/** Everyone who can sign in to the merchant's dashboard; a store-limited user sees only themselves. */
export async function listMembers(actor: TeamActor): Promise<TeamMember[]> {
  let q = getDb()
    .selectFrom("users")
    .leftJoin("stores", "stores.id", "users.store_id")
    .select(["users.id", "users.name", "users.email", "users.role", "users.store_id", "stores.name as store_name", "users.last_sign_in_at", "users.totp_enabled_at"])
    .where("users.merchant_id", "=", actor.merchantId);
  if (actor.storeLimited) q = q.where("users.id", "=", actor.userId);
  const rows = await q.orderBy("users.created_at").execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    storeId: r.store_id,
    storeName: r.store_name,
    lastSignInAt: r.last_sign_in_at ? new Date(Number(r.last_sign_in_at)).toISOString() : null,
    twoFactor: r.totp_enabled_at !== null,
    you: r.id === actor.userId,
  }));
}

/** The merchant row locked: team changes of one merchant run one at a time (the last-owner rule). */
async function lockTeam(tx: Tx, merchantId: string): Promise<void> {
  await lockForUpdate(tx.selectFrom("merchants").select("id").where("id", "=", merchantId)).executeTakeFirstOrThrow();
}

async function loadMember(tx: Tx, merchantId: string, userId: string) {
  const user = await tx.selectFrom("users").select(["id", "email", "role", "store_id"]).where("id", "=", userId).where("merchant_id", "=", merchantId).executeTakeFirst();
  if (!user) throw new DomainError("NOT_FOUND", "no such team member");
  return user;
}

async function ownerCount(tx: Tx, merchantId: string): Promise<number> {
  const row = await tx.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).where("merchant_id", "=", merchantId).where("role", "=", "OWNER").where("store_id", "is", null).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function changeMemberRole(actor: TeamActor, userId: string, role: TeamRole): Promise<void> {
  await withTransaction(async (tx) => {
    await lockTeam(tx, actor.merchantId);
    const user = await loadMember(tx, actor.merchantId, userId);
    requireTeamManager(actor, user.role, role);
    if (user.role === role) return;
    if (user.role === "OWNER" && (await ownerCount(tx, actor.merchantId)) <= 1) throw new DomainError("LAST_OWNER", "the team needs at least one owner");
    // An owner acts on the whole merchant, so the role is never store-limited.
    const storeId = role === "OWNER" ? null : user.store_id;
    await tx.updateTable("users").set({ role, store_id: storeId }).where("id", "=", userId).execute();
    await recordAudit(tx, { merchantId: actor.merchantId, action: "user.role_change", targetId: userId, before: { email: user.email, role: user.role }, after: { role } });
  });
}

export async function removeMember(actor: TeamActor, userId: string): Promise<void> {
  await withTransaction(async (tx) => {
    await lockTeam(tx, actor.merchantId);
    const user = await loadMember(tx, actor.merchantId, userId);
    requireTeamManager(actor, user.role);
    if (user.role === "OWNER" && (await ownerCount(tx, actor.merchantId)) <= 1) throw new DomainError("LAST_OWNER", "the team needs at least one owner");
    await tx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    await tx.deleteFrom("saved_views").where("user_id", "=", userId).where("shared", "=", 0).execute();
    await tx.deleteFrom("users").where("id", "=", userId).execute();
    await recordAudit(tx, { merchantId: actor.merchantId, action: "user.remove", targetId: userId, before: { email: user.email, role: user.role } });
  });
}

/** The team page: members, pending invitations and whether the owner requires two-factor. */
export async function teamOverview(actor: TeamActor) {
  const [members, invitations, merchant] = await Promise.all([
    listMembers(actor),
    listInvitations(actor),
    getDb().selectFrom("merchants").select("require_two_factor").where("id", "=", actor.merchantId).executeTakeFirstOrThrow(),
  ]);
  return { members, invitations, requireTwoFactor: merchant.require_two_factor === 1 };
}

/** OWNER only: every user of the merchant must sign in with a second factor. */
export async function setTwoFactorRequired(actor: TeamActor, required: boolean): Promise<void> {
  if (actor.role !== "OWNER" || actor.storeLimited) throw new DomainError("PERMISSION_DENIED", "only an owner decides this");
  await withTransaction(async (tx) => {
    const before = await tx.selectFrom("merchants").select("require_two_factor").where("id", "=", actor.merchantId).executeTakeFirstOrThrow();
    if ((before.require_two_factor === 1) === required) return;
    await tx.updateTable("merchants").set({ require_two_factor: required ? 1 : 0 }).where("id", "=", actor.merchantId).execute();
    await recordAudit(tx, { merchantId: actor.merchantId, action: "team.require_two_factor", targetId: actor.merchantId, before: { required: !required }, after: { required } });
  });
}
