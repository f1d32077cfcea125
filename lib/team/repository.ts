import { getDb, type Tx } from "@/lib/db/client";
import type { InvitationsTable } from "@/lib/db/tables/teams";
import { lockForUpdate } from "@/lib/db/row-lock";
import type { TeamRole } from "./schema";

export type InvitationRow = InvitationsTable;

// Merchants and stores

export async function merchantName(tx: Tx, merchantId: string): Promise<string> {
  return (await tx.selectFrom("merchants").select("name").where("id", "=", merchantId).executeTakeFirstOrThrow()).name;
}

export async function storeOfMerchant(merchantId: string, storeId: string): Promise<boolean> {
  return Boolean(
    await getDb()
      .selectFrom("stores")
      .select("id")
      .where("id", "=", storeId)
      .where("merchant_id", "=", merchantId)
      .executeTakeFirst(),
  );
}

/** The merchant row locked: team changes of one merchant run one at a time (the last-owner rule). */
export async function lockTeam(tx: Tx, merchantId: string): Promise<void> {
  await lockForUpdate(tx.selectFrom("merchants").select("id").where("id", "=", merchantId)).executeTakeFirstOrThrow();
}

export async function twoFactorRequired(merchantId: string, db?: Tx): Promise<boolean> {
  const row = await (db ?? getDb())
    .selectFrom("merchants")
    .select("require_two_factor")
    .where("id", "=", merchantId)
    .executeTakeFirstOrThrow();
  return row.require_two_factor === 1;
}

export async function setRequireTwoFactor(tx: Tx, merchantId: string, required: boolean): Promise<void> {
  await tx
    .updateTable("merchants")
    .set({ require_two_factor: required ? 1 : 0 })
    .where("id", "=", merchantId)
    .execute();
}

// Invitations

/** Withdraws the address's pending invitation (a new one replaces it). */
export async function revokePendingInvitationsTo(
  tx: Tx,
  merchantId: string,
  email: string,
  now: number,
): Promise<void> {
  await tx
    .updateTable("invitations")
    .set({ revoked_at: now })
    .where("merchant_id", "=", merchantId)
    .where("email", "=", email)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .execute();
}

export async function insertInvitation(tx: Tx, row: InvitationRow): Promise<void> {
  await tx.insertInto("invitations").values(row).execute();
}

/** Pending, unexpired invitations with the inviter's name, newest first. */
export async function pendingInvitations(merchantId: string, now: number) {
  return getDb()
    .selectFrom("invitations")
    .leftJoin("users", "users.id", "invitations.invited_by")
    .select([
      "invitations.id",
      "invitations.email",
      "invitations.role",
      "invitations.store_id",
      "invitations.expires_at",
      "users.name as inviter",
    ])
    .where("invitations.merchant_id", "=", merchantId)
    .where("invitations.accepted_at", "is", null)
    .where("invitations.revoked_at", "is", null)
    .where("invitations.expires_at", ">", now)
    .orderBy("invitations.created_at", "desc")
    .execute();
}

export async function findPendingInvitation(
  tx: Tx,
  merchantId: string,
  id: string,
): Promise<{ email: string; role: TeamRole } | undefined> {
  return tx
    .selectFrom("invitations")
    .select(["email", "role"])
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

export async function markInvitationRevoked(tx: Tx, id: string, now: number): Promise<void> {
  await tx.updateTable("invitations").set({ revoked_at: now }).where("id", "=", id).execute();
}

/** The open invitation of a token digest, with its merchant's name. */
export async function findOpenInvitationByDigest(
  tokenHash: string,
  now: number,
): Promise<{ email: string; merchantName: string } | undefined> {
  const row = await getDb()
    .selectFrom("invitations")
    .innerJoin("merchants", "merchants.id", "invitations.merchant_id")
    .select(["invitations.email", "merchants.name"])
    .where("invitations.token_hash", "=", tokenHash)
    .where("invitations.accepted_at", "is", null)
    .where("invitations.revoked_at", "is", null)
    .where("invitations.expires_at", ">", now)
    .executeTakeFirst();
  return row && { email: row.email, merchantName: row.name };
}

/** Accepts the open invitation of a token digest (a conditional write: the link works once); undefined when none. */
export async function claimInvitation(tx: Tx, tokenHash: string, now: number) {
  return tx
    .updateTable("invitations")
    .set({ accepted_at: now })
    .where("token_hash", "=", tokenHash)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["id", "merchant_id", "store_id", "email", "role"])
    .executeTakeFirst();
}

// Members

export async function membersOf(merchantId: string, onlyUserId?: string) {
  let q = getDb()
    .selectFrom("users")
    .leftJoin("stores", "stores.id", "users.store_id")
    .select([
      "users.id",
      "users.name",
      "users.email",
      "users.role",
      "users.store_id",
      "stores.name as store_name",
      "users.last_sign_in_at",
      "users.totp_enabled_at",
    ])
    .where("users.merchant_id", "=", merchantId);
  if (onlyUserId) q = q.where("users.id", "=", onlyUserId);
  return q.orderBy("users.created_at").execute();
}

export async function findMember(tx: Tx, merchantId: string, userId: string) {
  return tx
    .selectFrom("users")
    .select(["id", "email", "role", "store_id"])
    .where("id", "=", userId)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
}

/** Merchant-wide owners (the last one cannot leave or be demoted). */
export async function ownerCount(tx: Tx, merchantId: string): Promise<number> {
  const row = await tx
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("merchant_id", "=", merchantId)
    .where("role", "=", "OWNER")
    .where("store_id", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setMemberRole(tx: Tx, userId: string, role: TeamRole, storeId: string | null): Promise<void> {
  await tx.updateTable("users").set({ role, store_id: storeId }).where("id", "=", userId).execute();
}

/** Deletes the login with its recovery codes and private views (shared views stay with the team). */
export async function deleteMember(tx: Tx, userId: string): Promise<void> {
  await tx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await tx.deleteFrom("saved_views").where("user_id", "=", userId).where("shared", "=", 0).execute();
  await tx.deleteFrom("users").where("id", "=", userId).execute();
}

// Passwords and two-factor

export async function passwordHashOf(userId: string): Promise<string> {
  return (await getDb().selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow())
    .password_hash;
}

export async function setPasswordHash(tx: Tx, userId: string, hash: string, now: number): Promise<void> {
  await tx
    .updateTable("users")
    .set({ password_hash: hash, password_changed_at: now })
    .where("id", "=", userId)
    .execute();
}

export type TwoFactorState = {
  totp_secret: string | null;
  totp_last_step: number | null;
  totp_enabled_at: number | null;
};

export async function twoFactorStateOf(userId: string): Promise<TwoFactorState | undefined> {
  return getDb()
    .selectFrom("users")
    .select(["totp_secret", "totp_last_step", "totp_enabled_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** Stores a new (sealed) secret while two-factor is off; false when it is on. */
export async function storePendingTotpSecret(userId: string, sealedSecret: string): Promise<boolean> {
  const result = await getDb()
    .updateTable("users")
    .set({ totp_secret: sealedSecret })
    .where("id", "=", userId)
    .where("totp_enabled_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns two-factor on (false when it already was) and replaces the recovery codes. */
export async function enableTwoFactor(
  tx: Tx,
  userId: string,
  step: number,
  recoveryDigests: { id: string; digest: string }[],
  now: number,
): Promise<boolean> {
  const done = await tx
    .updateTable("users")
    .set({ totp_enabled_at: now, totp_last_step: step })
    .where("id", "=", userId)
    .where("totp_enabled_at", "is", null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return false;
  await tx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await tx
    .insertInto("recovery_codes")
    .values(recoveryDigests.map((c) => ({ id: c.id, user_id: userId, code_hash: c.digest, used_at: null })))
    .execute();
  return true;
}

/** Records the TOTP time step used, if no one used a later one meanwhile (each step works once). */
export async function claimTotpStep(userId: string, step: number, lastSeen: number | null): Promise<boolean> {
  const claimed = await getDb()
    .updateTable("users")
    .set({ totp_last_step: step })
    .where("id", "=", userId)
    .where((eb) => (lastSeen === null ? eb("totp_last_step", "is", null) : eb("totp_last_step", "=", lastSeen)))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Spends an unused recovery code; false when none matches. */
export async function spendRecoveryCode(userId: string, digest: string, now: number): Promise<boolean> {
  const spent = await getDb()
    .updateTable("recovery_codes")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("code_hash", "=", digest)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

export async function clearTwoFactor(tx: Tx, userId: string): Promise<void> {
  await tx
    .updateTable("users")
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where("id", "=", userId)
    .execute();
  await tx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
}
