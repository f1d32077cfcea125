import { randomInt } from "node:crypto";
import { DomainError } from "@/lib/api/error-codes";
import { newId } from "@/lib/ids";
import type { PaymentProvider, ProviderFailure } from "../types";
import { describeCard, digitsOnly, SANDBOX_CARDS, validateCard } from "./cards";

/**
 * The sandbox PG. Stateless: behaviour a later call depends on (charges declined, cancellations
 * refused) is carried in the ids it hands out, as a real PG's token would identify the card.
 */
const FLAG_CHARGES_DECLINED = "D";
const FLAG_CANCEL_REFUSED = "R";

async function latency(): Promise<void> {
  const ms = Number(process.env.SANDBOX_LATENCY_MS ?? 0);
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
}

function failure(pgCode: string, pgMessage: string): ProviderFailure {
  return { ok: false, pgCode, pgMessage };
}

function digits(n: number): string {
  return Array.from({ length: n }, () => randomInt(10)).join("");
}

function pgId(kind: string, flags: string): string {
  return `sbx-${kind}-${flags || "N"}-${newId().toLowerCase()}`;
}

function flagsOf(id: string): string {
  return id.split("-")[2] ?? "";
}

function refuseInvalid(problem: { field: string; message: string } | null): void {
  if (problem) throw new DomainError("INVALID_REQUEST", problem.message, { field: problem.field });
}

/** Card outcomes every approval path shares (key-in and billing-key issuance). */
function declineFor(number: string): ProviderFailure | null {
  if (number === SANDBOX_CARDS.DECLINED) return failure("CARD_DECLINED", "The card was declined by the issuer (sandbox).");
  if (number === SANDBOX_CARDS.INSUFFICIENT_FUNDS) return failure("INSUFFICIENT_FUNDS", "Insufficient funds (sandbox).");
  if (number === SANDBOX_CARDS.PROVIDER_ERROR) return failure("PROVIDER_ERROR", "The provider failed to process the request (sandbox).");
  return null;
}

function response(body: Record<string, unknown>): string {
  return JSON.stringify({ provider: "SANDBOX", ...body });
}

export const sandboxPaymentProvider: PaymentProvider = {
  async approveCard({ card, amount, currency }) {
    await latency();
    refuseInvalid(validateCard(card));
    const number = digitsOnly(card.card_number);
    const declined = declineFor(number);
    if (declined) return declined;
    const pgTxId = pgId("tx", number === SANDBOX_CARDS.CANCEL_REFUSED ? FLAG_CANCEL_REFUSED : "");
    const approvalNumber = digits(8);
    return { ok: true, pgTxId, approvalNumber, card: describeCard(card), pgResponse: response({ result: "APPROVED", pg_tx_id: pgTxId, approval_number: approvalNumber, amount, currency }) };
  },

  async issueVirtualAccount({ bank, amount, currency, accountType, expiresAt, remitteeName, accountNumber }) {
    await latency();
    const pgTxId = pgId("va", "");
    const number = accountType === "FIXED" && accountNumber ? accountNumber : `9${digits(13)}`;
    return {
      ok: true,
      pgTxId,
      bank,
      accountNumber: number,
      accountType,
      remitteeName: remitteeName ?? "SANDBOX MERCHANT",
      expiredAt: expiresAt,
      pgResponse: response({ result: "ISSUED", pg_tx_id: pgTxId, bank, account_number: number, amount, currency }),
    };
  },

  async issueBillingKey({ card, mobile }) {
    await latency();
    if (card) {
      refuseInvalid(validateCard(card));
      const number = digitsOnly(card.card_number);
      const declined = declineFor(number);
      if (declined) return declined;
      const flags = number === SANDBOX_CARDS.BILLING_CHARGES_DECLINED ? FLAG_CHARGES_DECLINED : number === SANDBOX_CARDS.CANCEL_REFUSED ? FLAG_CANCEL_REFUSED : "";
      const pgBillingKey = pgId("bk", flags);
      return { ok: true, pgBillingKey, card: describeCard(card), pgResponse: response({ result: "ISSUED", billing_key: pgBillingKey }) };
    }
    const pgBillingKey = pgId("bk", "");
    return { ok: true, pgBillingKey, pgResponse: response({ result: "ISSUED", billing_key: pgBillingKey, carrier: mobile?.carrier }) };
  },

  async chargeBillingKey({ pgBillingKey, amount, currency }) {
    await latency();
    const flags = flagsOf(pgBillingKey);
    if (flags.includes(FLAG_CHARGES_DECLINED)) return failure("CARD_DECLINED", "The card was declined by the issuer (sandbox).");
    const pgTxId = pgId("tx", flags.includes(FLAG_CANCEL_REFUSED) ? FLAG_CANCEL_REFUSED : "");
    const approvalNumber = digits(8);
    return { ok: true, pgTxId, approvalNumber, pgResponse: response({ result: "APPROVED", pg_tx_id: pgTxId, approval_number: approvalNumber, amount, currency }) };
  },

  async deleteBillingKey() {
    await latency();
    return { ok: true };
  },

  async cancel({ pgTxId, amount }) {
    await latency();
    if (flagsOf(pgTxId).includes(FLAG_CANCEL_REFUSED)) return failure("CANCEL_REFUSED", "The provider refused the cancellation (sandbox).");
    const pgCancellationId = pgId("cancel", "");
    return { ok: true, pgCancellationId, pgResponse: response({ result: "CANCELLED", pg_tx_id: pgTxId, amount }) };
  },

  async registerEscrowLogistics() {
    await latency();
    return { ok: true };
  },

  async completeEscrow() {
    await latency();
    return { ok: true };
  },
};
