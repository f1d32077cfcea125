import { openSealedOrThrow } from "@/lib/sealed";
import { latestOutboxMails } from "./repository";
import { OUTBOX_SEAL } from "./send";

const SHOWN = 50;

export type OutboxMail = { id: string; to: string; subject: string; text: string; createdAt: string };

/** The merchant's local outbox, newest first (mail is kept here when no SMTP server is set). */
export async function listOutbox({ ctx }: { ctx: { merchantId: string } }): Promise<OutboxMail[]> {
  const rows = await latestOutboxMails(ctx.merchantId, SHOWN);
  return rows.map((r) => ({
    id: r.id,
    to: r.to_email,
    subject: r.subject,
    text: openSealedOrThrow(OUTBOX_SEAL, r.body_sealed),
    createdAt: new Date(Number(r.created_at)).toISOString(),
  }));
}
