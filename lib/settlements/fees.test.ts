import { describe, expect, it } from "vitest";
import { contractAmounts } from "./fees";
import type { ContractTerms } from "./schema";

const terms: ContractTerms = {
  payout_days: 2,
  vat_bps: 1000,
  fees: {
    CARD: { kind: "RATE", rate_bps: 250 },
    VIRTUAL_ACCOUNT: { kind: "FLAT", amount: 300 },
    TRANSFER: { kind: "RATE", rate_bps: 180 },
    EASY_PAY: { kind: "RATE", rate_bps: 333 },
  },
};

describe("contractAmounts", () => {
  it("charges a rate rounded half up and VAT on it rounded down", () => {
    // 2.5% of 11,001 = 275.025 → 275; VAT 27.5 → 27.
    expect(contractAmounts(terms, "CARD", "PAYMENT", 11_001)).toEqual({
      gross: 11_001,
      fees: [{ type: "RATE", amount: 275 }],
      fee_total: 275,
      vat_on_fees: 27,
      net: 10_699,
    });
    // 3.33% of 150 = 4.995 → 5.
    expect(contractAmounts(terms, "EASY_PAY", "PAYMENT", 150).fee_total).toBe(5);
  });

  it("charges a flat fee per approval and keeps it on a refund", () => {
    expect(contractAmounts(terms, "VIRTUAL_ACCOUNT", "PAYMENT", 50_000)).toMatchObject({
      fee_total: 300,
      vat_on_fees: 30,
      net: 49_670,
    });
    expect(contractAmounts(terms, "VIRTUAL_ACCOUNT", "REFUND", 50_000)).toEqual({
      gross: -50_000,
      fees: [],
      fee_total: 0,
      vat_on_fees: 0,
      net: -50_000,
    });
  });

  it("returns a rate fee and its VAT on a refund, as negative amounts", () => {
    expect(contractAmounts(terms, "CARD", "REFUND", 3_000)).toEqual({
      gross: -3_000,
      fees: [{ type: "RATE", amount: -75 }],
      fee_total: -75,
      vat_on_fees: -7,
      net: -2_918,
    });
  });

  it("settles methods without a term of their own on the card term, exactly at 10^15", () => {
    const big = contractAmounts(terms, "MOBILE", "PAYMENT", 1e15);
    expect(big.fee_total).toBe(25_000_000_000_000);
    expect(big.vat_on_fees).toBe(2_500_000_000_000);
    expect(big.net).toBe(1e15 - 27_500_000_000_000);
  });
});
