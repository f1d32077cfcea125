import type { ContractTerms, FeeMethod, FeeTerm } from "./schema";

export type FeeLine = { type: string; amount: number };
export type SettlementAmounts = { gross: number; fees: FeeLine[]; fee_total: number; vat_on_fees: number; net: number };

/** Methods without a fee term of their own (mobile, gift certificate) settle on the card term. */
export function feeMethodOf(method: string | null): FeeMethod {
  if (method === "VIRTUAL_ACCOUNT" || method === "TRANSFER" || method === "EASY_PAY") return method;
  return "CARD";
}

/** round(a * b / 10000), halves away from zero; BigInt because a can reach 10^15. */
function bpsOf(amount: number, bps: number, round: "half-up" | "down"): number {
  const product = BigInt(amount) * BigInt(bps);
  const quotient = round === "half-up" ? (product + 5_000n) / 10_000n : product / 10_000n;
  return Number(quotient);
}

function feeOf(term: FeeTerm, amount: number, kind: "PAYMENT" | "REFUND"): FeeLine[] {
  if (term.kind === "RATE") return [{ type: "RATE", amount: bpsOf(amount, term.rate_bps, "half-up") }];
  // A flat fee is charged per approval and kept by the PG when the payment is refunded.
  return kind === "PAYMENT" ? [{ type: "FLAT", amount: term.amount }] : [];
}

/**
 * What the PG keeps and pays for one payment or refund under the contract. Fees: a rate rounds
 * half up to the won, a flat fee is per approval. VAT on fees: `vat_bps` of the fee total,
 * rounded down. A refund carries negative amounts (it is deducted from its payout); its rate fee
 * is returned, its flat fee is not.
 */
export function contractAmounts(
  terms: ContractTerms,
  method: string | null,
  kind: "PAYMENT" | "REFUND",
  amount: number,
): SettlementAmounts {
  const sign = kind === "PAYMENT" ? 1 : -1;
  // `+ 0` turns -0 into 0 so a refund without fees serializes and compares as 0.
  const signed = (n: number) => sign * n + 0;
  const lines = feeOf(terms.fees[feeMethodOf(method)], amount, kind).filter((l) => l.amount !== 0);
  const feeTotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const vat = bpsOf(feeTotal, terms.vat_bps, "down");
  return {
    gross: signed(amount),
    fees: lines.map((l) => ({ type: l.type, amount: signed(l.amount) })),
    fee_total: signed(feeTotal),
    vat_on_fees: signed(vat),
    net: signed(amount - feeTotal - vat),
  };
}
