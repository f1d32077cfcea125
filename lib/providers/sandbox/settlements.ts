import type { ProviderCallBase, ProviderSettlement, SettlementContract } from "../types";
import { settledOfAccount } from "./ledger";

/**
 * The sandbox's settlement report, made from its ledger as a PG makes its own: each approved or
 * deposited payment and each succeeded refund, charged by the merchant's contract. A directive in
 * a payment's order name makes the sandbox settle it as a PG that errs would (and the payment's
 * refunds by the contract):
 *   [sandbox:settle-short]  pays 10% less than the amount (reported gross short)
 *   [sandbox:settle-late]   pays two payout cycles late, absent from the report until then
 *   [sandbox:settle-fee]    charges 1% of the amount above the contract's fee (plus its 10% VAT)
 */
export const SETTLEMENT_BEHAVIOURS = {
  short: "SETTLE_SHORT",
  late: "SETTLE_LATE",
  fee: "SETTLE_FEE_ABOVE",
} as const;

/** The settlement behaviour an order name's directive binds to its payment, if any. */
export function settlementBehaviourOf(orderName: string | undefined): string | null {
  const directive = /\[sandbox:settle-(short|late|fee)\]/.exec(orderName ?? "");
  return directive ? SETTLEMENT_BEHAVIOURS[directive[1] as keyof typeof SETTLEMENT_BEHAVIOURS] : null;
}

const KST_OFFSET_MS = 9 * 3_600_000;
/** Deposits can come long after the account was issued: the ledger is read this far back. */
const LOOKBACK_MS = 31 * 86_400_000;

const koreanDate = (ms: number) => new Date(ms + KST_OFFSET_MS).toISOString().slice(0, 10);
/** The contract's fee method of a ledger payment (a billing-key charge is a card payment). */
const methodOf = (method: string) => (method === "BILLING_KEY" ? "CARD" : method);

type Source = {
  pgKey: string;
  kind: "PAYMENT" | "REFUND";
  orderId: string;
  method: string;
  currency: string;
  amount: number;
  behaviour: string | null;
  soldAt: number;
};

function settle(source: Source, contract: SettlementContract, today: string): ProviderSettlement | null {
  const soldOn = koreanDate(source.soldAt);
  const charge = contract.charge(methodOf(source.method), source.kind, source.amount);
  const fees = [...charge.fees];
  let vatOnFees = charge.vatOnFees;
  let amount = source.amount;
  let payoutOn = contract.payoutDate(soldOn);
  if (source.kind === "PAYMENT" && source.behaviour === SETTLEMENT_BEHAVIOURS.fee) {
    const extra = Math.round(source.amount / 100);
    fees.push({ type: "SURCHARGE", amount: extra });
    vatOnFees += Math.floor(extra / 10);
  }
  if (source.kind === "PAYMENT" && source.behaviour === SETTLEMENT_BEHAVIOURS.short) amount -= Math.floor(amount / 10);
  if (source.kind === "PAYMENT" && source.behaviour === SETTLEMENT_BEHAVIOURS.late) {
    payoutOn = contract.payoutDate(contract.payoutDate(payoutOn));
    // A PG reports a payout once it makes it.
    if (payoutOn > today) return null;
  }
  const { pgKey, kind, orderId, method, currency } = source;
  return { pgKey, kind, orderId, method, currency, amount, fees, vatOnFees, soldOn, payoutOn };
}

/** The settlement report of the channel's sandbox account for sales in [soldFrom, soldUntil). */
export async function listSandboxSettlements({
  channel,
  soldFrom,
  soldUntil,
  contract,
}: ProviderCallBase & { soldFrom: number; soldUntil: number; contract: SettlementContract }): Promise<
  ProviderSettlement[]
> {
  const now = Date.now();
  const { payments, cancellations } = await settledOfAccount(channel.pg_merchant_id, soldFrom - LOOKBACK_MS, soldUntil);
  const sources: Source[] = [
    ...payments.map((p) => ({
      pgKey: p.pg_tx_id,
      kind: "PAYMENT" as const,
      orderId: p.order_id,
      method: p.method,
      currency: p.currency,
      amount: Number(p.amount),
      behaviour: p.behaviour,
      // A deposit is sold when the money arrives; a card payment when it is approved.
      soldAt: Number(p.status === "DEPOSITED" ? p.updated_at : p.completes_at),
    })),
    ...cancellations.map((c) => ({
      pgKey: c.pg_cancellation_id,
      kind: "REFUND" as const,
      orderId: c.order_id,
      method: c.method,
      currency: c.currency,
      amount: Number(c.amount),
      behaviour: c.behaviour,
      soldAt: Number(c.completes_at),
    })),
  ];
  const today = koreanDate(now);
  return sources
    .filter((s) => s.soldAt >= soldFrom && s.soldAt < soldUntil && s.soldAt <= now)
    .map((s) => settle(s, contract, today))
    .filter((row): row is ProviderSettlement => row !== null);
}
