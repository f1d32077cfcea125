import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * Sub-stores and onboarding belong to merchants with the hosting contract (CONTRACT §3). Every such
 * verb checks it first, whoever calls; the API wrapper's `auth: "hosting"` calls it too, before
 * parsing the body, so the API answers 403 ahead of a validation error.
 */
export function requireHostingContract(ctx: AuthContext): void {
  if (!ctx.hasHostingContract) throw new DomainError("FORBIDDEN", "this merchant has no hosting contract");
}
