import type { Approval, CardInfo, VirtualAccountIssue } from "@/lib/providers/types";
import { cardMethodDetail, virtualAccountMethodDetail } from "./method-detail";
import type { TransactionRow } from "../transactions/repository";
import { settleContextOf } from "./repository";

/**
 * What building an attempt's payment_method_detail needs besides the provider's answer, kept on
 * the attempt when it starts so that whoever learns the outcome (the request, or a look-up after
 * a crash) records the same detail.
 */
export type SettleContext = {
  installment?: { month?: number; interestFree?: boolean };
  /** Billing keys: the card facts kept at issuance (the charge's answer may not repeat them). */
  keptCard?: CardInfo;
  /** Mobile billing keys: the carrier and phone. */
  mobile?: { carrier?: string; phone_number?: string };
};

export function approvedMethodDetail(row: TransactionRow, approval: Approval): Record<string, unknown> {
  const context = settleContextOf(row);
  if (context.mobile) return { mobile: context.mobile };
  const card = approval.card ?? context.keptCard;
  return cardMethodDetail({ ...approval, card }, context.installment ?? {});
}

export function issuedMethodDetail(issue: VirtualAccountIssue, issuedAt: number): Record<string, unknown> {
  return virtualAccountMethodDetail(issue, issuedAt);
}

/** The masked card number column kept for search. */
export function maskedCardOf(row: TransactionRow, approval: Approval): string | null {
  return approval.card?.number ?? settleContextOf(row).keptCard?.number ?? null;
}
