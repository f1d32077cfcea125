import { DomainError } from "@/lib/errors/domain-error";
import type { TransactionRow } from "../transactions/repository";
import { PAID_STATES } from "../status";

export type CancelPlan = { amount: number; taxFree: number; vat: number | null };

export type CancelRequest = {
  cancel_amount?: number;
  tax_free_amount?: number;
  vat_amount?: number;
  check_refundable_amount?: number;
};

/**
 * The cancellable balances of a transaction. `cancelled_amount` already counts cancellations
 * in flight, so what is left here is what no concurrent request has claimed.
 */
export function cancellableBalances(row: TransactionRow) {
  const amount = row.paid_amount - row.cancelled_amount;
  const taxFree = Math.min(row.tax_free_amount - row.cancelled_tax_free_amount, amount);
  return { amount, taxFree, taxable: amount - taxFree };
}

/**
 * What a cancel request cancels, checked in CONTRACT §5's order (state, check_refundable_amount,
 * then each amount against its balance), so the first failing rule names the error.
 */
export function planCancellation(row: TransactionRow, input: CancelRequest): CancelPlan {
  if (row.status === "CANCELLED")
    throw new DomainError("PAYMENT_ALREADY_CANCELLED", "this payment is already cancelled");
  if (!PAID_STATES.includes(row.status)) throw new DomainError("NOT_PAID", "this payment is not paid");
  const balance = cancellableBalances(row);
  if (balance.amount <= 0)
    throw new DomainError("PAYMENT_ALREADY_CANCELLED", "the whole paid amount is cancelled or being cancelled");
  if (input.check_refundable_amount !== undefined && input.check_refundable_amount !== balance.amount) {
    throw new DomainError(
      "REFUNDABLE_AMOUNT_CONSISTENCY_BROKEN",
      `check_refundable_amount is ${input.check_refundable_amount} but the cancellable balance is ${balance.amount}`,
    );
  }
  const amount = input.cancel_amount ?? balance.amount;
  // A full cancel takes the remaining tax-free part with it; a partial one is taxable unless told.
  const taxFree = input.tax_free_amount ?? (input.cancel_amount === undefined ? balance.taxFree : 0);
  if (amount > balance.amount) {
    throw new DomainError(
      "CANCEL_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_AMOUNT",
      `cancel_amount ${amount} exceeds the cancellable balance ${balance.amount}`,
    );
  }
  if (taxFree > amount)
    throw new DomainError(
      "CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCEL_AMOUNT",
      "tax_free_amount exceeds cancel_amount",
    );
  if (taxFree > balance.taxFree) {
    throw new DomainError(
      "CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_FREE_AMOUNT",
      `tax_free_amount ${taxFree} exceeds the cancellable tax-free balance ${balance.taxFree}`,
    );
  }
  if (amount - taxFree > balance.taxable) {
    throw new DomainError(
      "CANCEL_TAX_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_AMOUNT",
      `the taxable part ${amount - taxFree} exceeds the cancellable taxable balance ${balance.taxable}`,
    );
  }
  if (input.vat_amount !== undefined && input.vat_amount > amount - taxFree) {
    throw new DomainError("INVALID_REQUEST", "vat_amount must not exceed the taxable part of the cancellation", {
      field: "vat_amount",
    });
  }
  return { amount, taxFree, vat: input.vat_amount ?? null };
}
