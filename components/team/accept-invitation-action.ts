"use server";

import { headers } from "next/headers";
import { DomainError } from "@/lib/errors/domain-error";
import { validateInput } from "@/lib/schema/validate";
import type { ActionResult } from "@/lib/dashboard/action";
import { clientAddress } from "@/lib/security/client-address";
import { acceptInvitation } from "@/lib/team/accept-invitation";
import { acceptInvitationInput, type AcceptInvitationInput } from "@/lib/team/schema";

/** Public (the invitee has no login yet): the 256-bit token in the link is the credential. */
export async function acceptInvitationAction(raw: AcceptInvitationInput): Promise<ActionResult<{ email: string }>> {
  const parsed = validateInput(acceptInvitationInput, raw);
  if (!parsed.ok) return { ok: false, code: "INVALID_REQUEST", message: parsed.message, field: parsed.field };
  try {
    return { ok: true, data: await acceptInvitation(parsed.data, clientAddress(await headers()) || null) };
  } catch (error) {
    if (error instanceof DomainError)
      return {
        ok: false,
        code: error.code,
        message: error.message,
        field: typeof error.params.field === "string" ? error.params.field : undefined,
      };
    throw error;
  }
}
