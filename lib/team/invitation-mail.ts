import type { Mail } from "@/lib/mail/send";

/** The invitation mail: who invited whom to which merchant, and the link (valid 72 h). */
export function invitationMail(
  merchantName: string,
  inviter: string,
  to: string,
  link: string,
  merchantId: string,
): Mail {
  return {
    merchantId,
    to,
    subject: `${inviter} invited you to ${merchantName}`,
    text: `${inviter} invited you to the ${merchantName} dashboard.\n\nAccept within 72 hours: ${link}\n\nIf you did not expect this, ignore this mail.`,
  };
}
