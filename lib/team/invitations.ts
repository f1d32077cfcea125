import { DomainError } from "@/lib/api/error-codes";
import { recordAudit } from "@/lib/audit/record";
import { sha256 } from "@/lib/crypto";
import { getDb, withTransaction } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { newId, newSecret } from "@/lib/ids";
import { keepInOutbox, sendSmtp, smtpConfigured, type Mail } from "@/lib/mail/send";
import { publicUrl } from "@/lib/public-url";
import { HOUR } from "@/lib/time";
import { findUserByEmail, insertUser } from "@/lib/users/repository";
import { requireTeamManager, type TeamActor } from "./permissions";
import type { PendingInvitation, TeamRole } from "./schema";

export const INVITATION_TTL_MS = 72 * HOUR;

export type SentInvitation = { id: string; link: string; delivery: "smtp" | "outbox" | "smtp_failed" };

const emailTaken = () => new DomainError("INVALID_REQUEST", "email: this e-mail address already has a login", { field: "email" });

function mailFor(merchantName: string, inviter: string, to: string, link: string, merchantId: string): Mail {
  return {
    merchantId,
    to,
    subject: `${inviter} invited you to ${merchantName}`,
    text: `${inviter} invited you to the ${merchantName} dashboard.\n\nAccept within 72 hours: ${link}\n\nIf you did not expect this, ignore this mail.`,
  };
}

/**
 * An invitation: a link valid 72 h whose token is stored only as a digest, so the link is shown
 * once (and mailed). Without SMTP the mail goes to the local outbox in the same transaction.
 * A new invitation to the same address replaces the pending one.
 */
export async function inviteMember(actor: TeamActor & { userName: string }, input: { email: string; role: TeamRole; store_id?: string | null }): Promise<SentInvitation> {
  requireTeamManager(actor, input.role);
  const email = input.email.toLowerCase();
  const storeId = input.role === "OWNER" ? null : (input.store_id ?? null);
  if (storeId) {
    const store = await getDb().selectFrom("stores").select("id").where("id", "=", storeId).where("merchant_id", "=", actor.merchantId).executeTakeFirst();
    if (!store) throw new DomainError("STORE_NOT_FOUND", "store not found", { field: "store_id" });
  }
  if (await findUserByEmail(email)) throw emailTaken();
  const token = newSecret(32);
  const link = publicUrl(`/invite/${token}`);
  const id = newId("inv_");
  const now = Date.now();
  const viaSmtp = smtpConfigured();
  const mail = await withTransaction(async (tx) => {
    const merchant = await tx.selectFrom("merchants").select("name").where("id", "=", actor.merchantId).executeTakeFirstOrThrow();
    await tx.updateTable("invitations").set({ revoked_at: now }).where("merchant_id", "=", actor.merchantId).where("email", "=", email).where("accepted_at", "is", null).where("revoked_at", "is", null).execute();
    await tx
      .insertInto("invitations")
      .values({ id, merchant_id: actor.merchantId, store_id: storeId, email, role: input.role, token_hash: sha256(token), invited_by: actor.userId, created_at: now, expires_at: now + INVITATION_TTL_MS, accepted_at: null, revoked_at: null })
      .execute();
    await recordAudit(tx, { merchantId: actor.merchantId, action: "invitation.create", targetId: id, after: { email, role: input.role, store_id: storeId } });
    const mail = mailFor(merchant.name, actor.userName, email, link, actor.merchantId);
    if (!viaSmtp) await keepInOutbox(tx, mail);
    return mail;
  });
  if (!viaSmtp) return { id, link, delivery: "outbox" };
  return { id, link, delivery: (await sendSmtp(mail)) ? "smtp" : "smtp_failed" };
}

export async function listInvitations(actor: TeamActor): Promise<PendingInvitation[]> {
  if (actor.storeLimited || actor.role === "VIEWER") return [];
  const rows = await getDb()
    .selectFrom("invitations")
    .leftJoin("users", "users.id", "invitations.invited_by")
    .select(["invitations.id", "invitations.email", "invitations.role", "invitations.store_id", "invitations.expires_at", "users.name as inviter"])
    .where("invitations.merchant_id", "=", actor.merchantId)
    .where("invitations.accepted_at", "is", null)
    .where("invitations.revoked_at", "is", null)
    .where("invitations.expires_at", ">", Date.now())
    .orderBy("invitations.created_at", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, role: r.role, storeId: r.store_id, expiresAt: new Date(Number(r.expires_at)).toISOString(), invitedBy: r.inviter ?? "" }));
}

export async function revokeInvitation(actor: TeamActor, id: string): Promise<void> {
  await withTransaction(async (tx) => {
    const inv = await tx.selectFrom("invitations").select(["email", "role"]).where("id", "=", id).where("merchant_id", "=", actor.merchantId).where("accepted_at", "is", null).where("revoked_at", "is", null).executeTakeFirst();
    if (!inv) throw new DomainError("NOT_FOUND", "no pending invitation");
    requireTeamManager(actor, inv.role);
    await tx.updateTable("invitations").set({ revoked_at: Date.now() }).where("id", "=", id).execute();
    await recordAudit(tx, { merchantId: actor.merchantId, action: "invitation.revoke", targetId: id, before: { email: inv.email, role: inv.role } });
  });
}

/** What the accept page shows; null when the link is unknown, used, revoked or expired. */
export async function findOpenInvitation(token: string): Promise<{ email: string; merchantName: string } | null> {
  const row = await getDb()
    .selectFrom("invitations")
    .innerJoin("merchants", "merchants.id", "invitations.merchant_id")
    .select(["invitations.email", "merchants.name"])
    .where("invitations.token_hash", "=", sha256(token))
    .where("invitations.accepted_at", "is", null)
    .where("invitations.revoked_at", "is", null)
    .where("invitations.expires_at", ">", Date.now())
    .executeTakeFirst();
  return row ? { email: row.email, merchantName: row.name } : null;
}

/** Creates the login: the link works once (a conditional write), within its 72 hours. */
export async function acceptInvitation(input: { token: string; name: string; password: string }, ip: string | null): Promise<{ email: string }> {
  try {
    return await withTransaction(async (tx) => {
      const now = Date.now();
      const inv = await tx
        .updateTable("invitations")
        .set({ accepted_at: now })
        .where("token_hash", "=", sha256(input.token))
        .where("accepted_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .returning(["id", "merchant_id", "store_id", "email", "role"])
        .executeTakeFirst();
      if (!inv) throw new DomainError("INVITATION_EXPIRED", "the invitation is unknown, used, revoked or expired");
      const user = await insertUser(tx, { merchantId: inv.merchant_id, storeId: inv.store_id, email: inv.email, name: input.name, password: input.password, role: inv.role });
      const actor = { type: "USER" as const, id: user.id, name: `${input.name} <${inv.email}>`, ip };
      await recordAudit(tx, { merchantId: inv.merchant_id, action: "invitation.accept", targetId: inv.id, after: { user_id: user.id, email: inv.email, role: inv.role } }, actor);
      return { email: inv.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
