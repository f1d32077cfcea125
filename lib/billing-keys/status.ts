import { DomainError } from "@/lib/errors/domain-error";
import type { BillingKeyRecord } from "./repository";

/**
 * Billing key states: ISSUED → DELETED; FAILED (the provider declined issuance) is final.
 * Each check throws the spec's code for the move it refuses.
 */
export function assertDeletable(key: Pick<BillingKeyRecord, "status">): void {
  if (key.status === "FAILED") throw new DomainError("BILLING_KEY_NOT_ISSUED", "this billing key was never issued");
  if (key.status === "DELETED")
    throw new DomainError("BILLING_KEY_ALREADY_DELETED", "this billing key is already deleted");
}

/** A payment on the key (billing-key pay). */
export function assertChargeable(key: Pick<BillingKeyRecord, "status">): void {
  if (key.status === "FAILED") throw new DomainError("BILLING_KEY_NOT_ISSUED", "this billing key was never issued");
  if (key.status === "DELETED") throw new DomainError("BILLING_KEY_ALREADY_DELETED", "this billing key is deleted");
}

/** A schedule on the key (booking). */
export function assertBookable(key: Pick<BillingKeyRecord, "status">): void {
  if (key.status === "FAILED") throw new DomainError("BILLING_KEY_NOT_ISSUED", "this billing key was never issued");
  if (key.status === "DELETED") throw new DomainError("BILLING_KEY_DELETED", "this billing key is deleted");
}
