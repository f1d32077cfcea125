import { DomainError } from "@/lib/errors/domain-error";
import { logger } from "@/lib/ops/logger";
import { judgeDepositCallback, type DepositCallback } from "@/lib/providers/tosspayments/deposit-callback";
import { LIMITS } from "@/lib/throttle/limits";
import { type Check, forgiveAttempt, takeAttempt } from "@/lib/throttle/throttle";
import { channelRefOf, findTransactionById } from "../transactions/repository";
import { recordProviderDeposit } from "./record-deposit";
import { lookUpTossOrder } from "./toss-order-lookups";

/** The one answer for a callback we cannot verify: an unknown order and a forged secret look alike. */
function unverified(): DomainError {
  return new DomainError("UNAUTHORIZED", "the deposit callback could not be verified");
}

/**
 * POST /api/providers/tosspayments/deposit-callback (Toss's DEPOSIT_CALLBACK): verified against
 * Toss's own record of the order, then the deposit goes through the transition function once;
 * redeliveries answer 200 without a change. An unknown order and a forged secret are both 401,
 * counted per client address and per order (429 once over); a Toss we cannot reach, or a channel
 * with its maximum of look-ups in flight, is answered non-200 so Toss delivers again later (it
 * retries anything but 200 up to 7 times). Toss's answer is kept briefly per order
 * (toss-order-lookups.ts), so repeated callbacks do not each call Toss.
 */
export async function receiveTossDepositCallback({ input, address }: { input: DepositCallback; address: string }) {
  const checks: Check[] = [
    { limit: LIMITS.depositCallbackAddress(), key: address },
    { limit: LIMITS.depositCallbackOrder(), key: input.orderId },
  ];
  await takeAttempt(checks);
  try {
    const result = await verifyAndRecord(input);
    await forgiveAttempt(checks);
    return result;
  } catch (error) {
    // Only an unverifiable callback counts: Toss unreachable or busy is not the caller's failure.
    if (!(error instanceof DomainError && error.code === "UNAUTHORIZED")) await forgiveAttempt(checks);
    throw error;
  }
}

async function verifyAndRecord(input: DepositCallback) {
  const row = await findTransactionById(input.orderId);
  if (row?.channel_type !== "LIVE" || row.pg_provider !== "TOSSPAYMENTS" || row.method !== "VIRTUAL_ACCOUNT")
    throw unverified();
  const channel = channelRefOf(row);
  let asked = await lookUpTossOrder({ channel, orderId: row.id });
  let verdict = judgeDepositCallback(input, asked.payment);
  // Toss's secret never changes, so a kept answer judges a forgery; its status may have, so a
  // verified callback on a kept "not deposited" answer asks Toss again.
  if (verdict === "NOT_DEPOSITED" && asked.cached) {
    asked = await lookUpTossOrder({ channel, orderId: row.id, fresh: true });
    verdict = judgeDepositCallback(input, asked.payment);
  }
  if (verdict === "FORGED") {
    if (!asked.cached) logger.warn({ txId: row.id }, "a Toss deposit callback failed verification");
    throw unverified();
  }
  if (verdict === "NOT_DEPOSITED") {
    // A deposit Toss reverted (DONE → WAITING_FOR_DEPOSIT) cannot be un-paid here: reconciliation reports it.
    if (row.paid_at !== null) logger.warn({ txId: row.id }, "Toss reports a paid virtual account as not deposited");
    return { result: "IGNORED" };
  }
  return { result: await recordProviderDeposit(row.id) };
}
