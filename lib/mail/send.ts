import nodemailer from "nodemailer";
import type { Transaction } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/ops/logger";
import { sealText } from "@/lib/sealed";
import { insertOutboxMail } from "./repository";

export type Mail = { merchantId: string; to: string; subject: string; text: string };

export const OUTBOX_SEAL = "outbox-mail";

/** SMTP_URL (e.g. `smtps://user:pass@mail.example.com:465`) turns on real mail; MAIL_FROM is the sender. */
export function smtpConfigured(): boolean {
  return Boolean(process.env.SMTP_URL);
}

/**
 * Without SMTP the mail goes to the merchant's local outbox (the dashboard's Outbox page), written
 * in the caller's transaction, its body sealed (an invitation mail carries a live link).
 */
export async function keepInOutbox(tx: Transaction, mail: Mail): Promise<void> {
  await insertOutboxMail(tx, {
    id: newId("mail_"),
    merchant_id: mail.merchantId,
    to_email: mail.to,
    subject: mail.subject,
    body_sealed: sealText(OUTBOX_SEAL, mail.text),
    created_at: Date.now(),
  });
}

/** Sends over SMTP; false when it failed (logged), so the caller can say so and show the link. */
export async function sendSmtp(mail: Mail): Promise<boolean> {
  try {
    const transport = nodemailer.createTransport(process.env.SMTP_URL!);
    await transport.sendMail({
      from: process.env.MAIL_FROM ?? "no-reply@localhost",
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    return true;
  } catch (err) {
    logger.error({ err }, "SMTP send failed");
    return false;
  }
}
