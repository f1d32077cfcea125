import { recordAudit } from "@/lib/audit/record";
import { sha256 } from "@/lib/crypto";
import { isUniqueViolation, transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { insertUser } from "@/lib/users/repository";
import { claimInvitation } from "./repository";
import { emailTaken } from "./errors";

/** Creates the login: the link works once (a conditional write), within its 72 hours. */
export async function acceptInvitation(
  input: { token: string; name: string; password: string },
  ip: string | null,
): Promise<{ email: string }> {
  try {
    return await transaction(async (tx) => {
      const inv = await claimInvitation(tx, sha256(input.token), Date.now());
      if (!inv) throw new DomainError("INVITATION_EXPIRED", "the invitation is unknown, used, revoked or expired");
      const user = await insertUser(tx, {
        merchantId: inv.merchant_id,
        storeId: inv.store_id,
        email: inv.email,
        name: input.name,
        password: input.password,
        role: inv.role,
      });
      const actor = { type: "USER" as const, id: user.id, name: `${input.name} <${inv.email}>`, ip };
      await recordAudit(
        tx,
        {
          merchantId: inv.merchant_id,
          action: "invitation.accept",
          targetId: inv.id,
          after: { user_id: user.id, email: inv.email, role: inv.role },
        },
        actor,
      );
      return { email: inv.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
