import { describe, expect, it } from "vitest";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { cancellableBalances, planCancellation } from "./cancel-plan";

function row(patch: Partial<TransactionsTable>): TransactionsTable {
  return {
    status: "PAID",
    paid_amount: 11000,
    tax_free_amount: 1000,
    cancelled_amount: 0,
    cancelled_tax_free_amount: 0,
    ...patch,
  } as TransactionsTable;
}

const code = (fn: () => unknown) => {
  try {
    fn();
    return "OK";
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe("planCancellation", () => {
  it("cancels the remaining balance and its tax-free part when no amount is given", () => {
    expect(planCancellation(row({ cancelled_amount: 3000, cancelled_tax_free_amount: 200 }), {})).toEqual({
      amount: 8000,
      taxFree: 800,
      vat: null,
    });
  });

  it("treats a partial cancel as taxable unless tax_free_amount is given", () => {
    expect(planCancellation(row({}), { cancel_amount: 500 })).toEqual({ amount: 500, taxFree: 0, vat: null });
    expect(planCancellation(row({}), { cancel_amount: 500, tax_free_amount: 300, vat_amount: 18 })).toEqual({
      amount: 500,
      taxFree: 300,
      vat: 18,
    });
  });

  it("counts in-flight reservations as taken", () => {
    expect(cancellableBalances(row({ cancelled_amount: 10500, cancelled_tax_free_amount: 0 }))).toEqual({
      amount: 500,
      taxFree: 500,
      taxable: 0,
    });
    expect(code(() => planCancellation(row({ cancelled_amount: 11000 }), {}))).toBe("PAYMENT_ALREADY_CANCELLED");
  });

  it("checks in CONTRACT §5's order", () => {
    expect(code(() => planCancellation(row({ status: "FAILED" }), { check_refundable_amount: 1 }))).toBe("NOT_PAID");
    expect(code(() => planCancellation(row({ status: "CANCELLED" }), { check_refundable_amount: 1 }))).toBe(
      "PAYMENT_ALREADY_CANCELLED",
    );
    expect(code(() => planCancellation(row({}), { check_refundable_amount: 1, cancel_amount: 99999 }))).toBe(
      "REFUNDABLE_AMOUNT_CONSISTENCY_BROKEN",
    );
    expect(code(() => planCancellation(row({}), { cancel_amount: 99999, tax_free_amount: 999999 }))).toBe(
      "CANCEL_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_AMOUNT",
    );
    expect(code(() => planCancellation(row({}), { cancel_amount: 100, tax_free_amount: 5000 }))).toBe(
      "CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCEL_AMOUNT",
    );
    expect(code(() => planCancellation(row({}), { cancel_amount: 5000, tax_free_amount: 2000 }))).toBe(
      "CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_FREE_AMOUNT",
    );
    expect(code(() => planCancellation(row({}), { cancel_amount: 10001 }))).toBe(
      "CANCEL_TAX_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_AMOUNT",
    );
    expect(code(() => planCancellation(row({}), { cancel_amount: 1000, vat_amount: 1001 }))).toBe("INVALID_REQUEST");
    expect(
      code(() =>
        planCancellation(row({ status: "PARTIAL_CANCELLED", cancelled_amount: 1000 }), {
          check_refundable_amount: 10000,
          cancel_amount: 10000,
          tax_free_amount: 1000,
        }),
      ),
    ).toBe("OK");
  });
});
