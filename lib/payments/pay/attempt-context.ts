import type { Approval, VirtualAccountIssue } from "@/lib/providers/types";
import { cardMethodDetail, virtualAccountMethodDetail } from "./method-detail";
import type { TransactionRow } from "../transactions/repository";
import { settleContextOf } from "./repository";

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
