import type { Approval, VirtualAccountIssue } from "@/lib/providers/types";
import { toRfc3339 } from "@/lib/time";

/**
 * Transaction.payment_method_detail members (CONTRACT §5). Only what a provider reports is kept:
 * the masked number and card facts, never the number, CVC or password.
 */
export function cardMethodDetail(approval: Approval, installment: { month?: number; interestFree?: boolean }) {
  const card = approval.card;
  return {
    card: {
      ...(card ? { detail: card, number: card.number } : {}),
      approval_number: approval.approvalNumber,
      ...(installment.month && installment.month > 1
        ? { installment: { month: installment.month, is_interest_free: installment.interestFree ?? false } }
        : {}),
      card_point_used: false,
    },
  };
}

export function virtualAccountMethodDetail(issue: VirtualAccountIssue, issuedAt: number) {
  return {
    virtual_account: {
      bank_code: issue.bank,
      account_number: issue.accountNumber,
      account_type: issue.accountType,
      remittee_name: issue.remitteeName,
      expired_at: toRfc3339(issue.expiredAt),
      issued_at: toRfc3339(issuedAt),
    },
  };
}
