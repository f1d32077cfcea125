import type { VerificationRecord } from "./repository";

/**
 * What the audit log keeps of a verification: how it was made, never who was verified (no name,
 * phone number, resident-number digit or OTP; the verification's id is the entry's target).
 */
export function verificationSummary(row: Pick<VerificationRecord, "method" | "operator" | "status">) {
  return { method: row.method, operator: row.operator, status: row.status };
}
