import { DomainError, ProviderError } from "@/lib/errors/domain-error";
import { logger } from "@/lib/ops/logger";
import { callProvider } from "@/lib/providers/call";
import { tossPayments } from "@/lib/channels/providers";
import { judgeDepositCallback, type DepositCallback } from "@/lib/providers/tosspayments/deposit-callback";
import { channelRefOf, findTransactionById } from "../transactions/repository";
import { recordProviderDeposit } from "./record-deposit";

/**
 * POST /api/providers/tosspayments/deposit-callback (Toss's DEPOSIT_CALLBACK): verified against
 * Toss's own record of the order, then the deposit goes through the transition function once;
 * redeliveries answer 200 without a change. Anything not ours, or not verifiable, is 404 / 401;
 * a Toss we cannot reach is 500 so Toss delivers again later (it retries non-2xx up to 7 times).
 */
export async function receiveTossDepositCallback({ input }: { input: DepositCallback }) {
  const row = await findTransactionById(input.orderId);
  if (row?.channel_type !== "LIVE" || row.pg_provider !== "TOSSPAYMENTS" || row.method !== "VIRTUAL_ACCOUNT") {
    throw new DomainError("PAYMENT_NOT_FOUND", "no Toss Payments virtual account with this orderId");
  }
  const channel = channelRefOf(row);
  const asked = await callProvider((signal) => tossPayments.fetchOrder({ channel, orderId: row.id, signal }));
  if (!asked.answered)
    throw new ProviderError(
      "PROVIDER_UNREACHABLE",
      "Toss Payments could not be asked to confirm the deposit; deliver again later",
    );
  const verdict = judgeDepositCallback(input, asked.value);
  if (verdict === "FORGED") {
    logger.warn({ txId: row.id }, "a Toss deposit callback failed verification");
    throw new DomainError("UNAUTHORIZED", "the deposit callback could not be verified");
  }
  if (verdict === "NOT_DEPOSITED") {
    // A deposit Toss reverted (DONE → WAITING_FOR_DEPOSIT) cannot be un-paid here: reconciliation reports it.
    if (row.paid_at !== null) logger.warn({ txId: row.id }, "Toss reports a paid virtual account as not deposited");
    return { result: "IGNORED" };
  }
  return { result: await recordProviderDeposit(row.id) };
}
