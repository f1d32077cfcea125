/**
 * Every action the audit log records (`<record kind>.<verb>`), client-safe: the page offers them
 * as a filter and labels each (`enum.auditAction.*`). Add a new action here and in enums.ts.
 */
export const AUDIT_ACTIONS = [
  "api_key.create",
  "api_key.revoke",
  "user.create",
  "user.role_change",
  "user.remove",
  "user.password_change",
  "user.two_factor_enable",
  "user.two_factor_disable",
  "invitation.create",
  "invitation.revoke",
  "invitation.accept",
  "team.require_two_factor",
  "saved_view.create",
  "saved_view.rename",
  "saved_view.delete",
  "store.update",
  "webhook.url_change",
  "webhook.secret_rotate",
  "payment.status_change",
  "cancellation.status_change",
  "escrow.status_change",
  "schedule.status_change",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
