import { sha256 } from "@/lib/crypto";
import { findOpenInvitationByDigest } from "./repository";

/** What the accept page shows; null when the link is unknown, used, revoked or expired. */
export async function findOpenInvitation(token: string): Promise<{ email: string; merchantName: string } | null> {
  return (await findOpenInvitationByDigest(sha256(token), Date.now())) ?? null;
}
