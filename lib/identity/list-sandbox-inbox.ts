import type { AuthContext } from "@/lib/auth/context";
import { openSealed } from "@/lib/sealed";
import { toRfc3339 } from "@/lib/time";
import { INBOX_PURPOSE } from "./otp";
import { listSandboxMessages } from "./repository";

/** The dashboard's sandbox inbox: simulated texts of the current store, opened for display. */
export async function listSandboxInbox({ ctx }: { ctx: AuthContext; input?: Record<string, never> }) {
  const rows = await listSandboxMessages(ctx.merchantId, ctx.storeId, 100);
  return rows.map((m) => ({
    id: m.id,
    verificationId: m.verification_id,
    phoneNumber: m.phone_number,
    text: openSealed(INBOX_PURPOSE, m.sealed_text) ?? "(unreadable: the server key changed)",
    expiresAt: toRfc3339(m.expires_at),
    sentAt: toRfc3339(m.created_at),
  }));
}
export type InboxMessage = Awaited<ReturnType<typeof listSandboxInbox>>[number];
