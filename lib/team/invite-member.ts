import { recordAudit } from "@/lib/audit/record";
import { sha256 } from "@/lib/crypto";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { newId, newSecret } from "@/lib/ids";
import { keepInOutbox, sendSmtp, smtpConfigured } from "@/lib/mail/send";
import { publicUrl } from "@/lib/public-url";
import { HOUR } from "@/lib/time";
import { findUserByEmail } from "@/lib/users/repository";
import { invitationMail } from "./invitation-mail";
import { requireTeamManager, type TeamActor } from "./permissions";
import { insertInvitation, merchantName, revokePendingInvitationsTo, storeOfMerchant } from "./repository";
import { emailTaken } from "./errors";
import type { TeamRole } from "./schema";

const INVITATION_TTL_MS = 72 * HOUR;

export type SentInvitation = { id: string; link: string; delivery: "smtp" | "outbox" | "smtp_failed" };

/**
 * An invitation: a link valid 72 h whose token is stored only as a digest, so the link is shown
 * once (and mailed). Without SMTP the mail goes to the local outbox in the same transaction.
 * A new invitation to the same address replaces the pending one.
 */
export async function inviteMember({
  ctx: actor,
  input,
}: {
  ctx: TeamActor & { userName: string };
  input: { email: string; role: TeamRole; store_id?: string | null };
}): Promise<SentInvitation> {
  requireTeamManager(actor, input.role);
  const email = input.email.toLowerCase();
  const storeId = input.role === "OWNER" ? null : (input.store_id ?? null);
  if (storeId && !(await storeOfMerchant(actor.merchantId, storeId)))
    throw new DomainError("STORE_NOT_FOUND", "store not found", { field: "store_id" });
  if (await findUserByEmail(email)) throw emailTaken();
  const token = newSecret(32);
  const link = publicUrl(`/invite/${token}`);
  const id = newId("inv_");
  const now = Date.now();
  const viaSmtp = smtpConfigured();
  const mail = await transaction(async (tx) => {
    const name = await merchantName(tx, actor.merchantId);
    await revokePendingInvitationsTo(tx, actor.merchantId, email, now);
    await insertInvitation(tx, {
      id,
      merchant_id: actor.merchantId,
      store_id: storeId,
      email,
      role: input.role,
      token_hash: sha256(token),
      invited_by: actor.userId,
      created_at: now,
      expires_at: now + INVITATION_TTL_MS,
      accepted_at: null,
      revoked_at: null,
    });
    await recordAudit(tx, {
      merchantId: actor.merchantId,
      action: "invitation.create",
      targetId: id,
      after: { email, role: input.role, store_id: storeId },
    });
    const mail = invitationMail(name, actor.userName, email, link, actor.merchantId);
    if (!viaSmtp) await keepInOutbox(tx, mail);
    return mail;
  });
  if (!viaSmtp) return { id, link, delivery: "outbox" };
  return { id, link, delivery: (await sendSmtp(mail)) ? "smtp" : "smtp_failed" };
}
