import { recordAudit } from "@/lib/audit/record";
import type { ChannelRecord } from "@/lib/channels/repository";
import { serializeChannel } from "@/lib/channels/serialize";
import { type Executor, transaction } from "@/lib/db/transaction";
import { DomainError, ProviderError } from "@/lib/errors/domain-error";
import { newId, newSecret } from "@/lib/ids";
import { findPrimaryTransaction } from "@/lib/payments/repository";
import { cashReceiptProviderFor } from "@/lib/channels/providers";
import { callProvider } from "@/lib/providers/call";
import { unknownReceiptOutcome } from "./unknown-outcome";
import { maskIdentifier } from "./mask";
import { type CashReceiptRecord, findLatestReceipt, insertReceipt } from "./repository";
import type { IssueCashReceiptBody } from "./schema";

export type IssueRequest = Omit<IssueCashReceiptBody, "store_id" | "channel_key"> & { isManual: boolean };

type Target = { merchantId: string; storeId: string; paymentId: string; channel: ChannelRecord };

/**
 * The state and amount rules (`db` undefined: outside a transaction), checked again inside the write: no ISSUED receipt yet, and for our
 * own payment the amount within what is paid and not cancelled, in its currency.
 */
async function checkIssuable(
  db: Executor | undefined,
  { merchantId, storeId, paymentId }: Target,
  input: IssueRequest,
  lock: boolean,
) {
  const current = await findLatestReceipt(merchantId, storeId, paymentId, db);
  if (current?.status === "ISSUED")
    throw new DomainError("CASH_RECEIPT_ALREADY_ISSUED", "this payment already has an issued cash receipt");
  // SQLite's immediate transaction already holds the write lock; PostgreSQL locks the payment row.
  const primary = await findPrimaryTransaction(merchantId, { storeId, paymentId }, db, { lock });
  if (!primary) return null;
  if (primary.currency !== input.currency)
    throw new DomainError("INVALID_REQUEST", `currency: must be the payment's currency (${primary.currency})`, {
      field: "currency",
    });
  const balance = primary.paid_amount - primary.cancelled_amount;
  if (input.amount > balance)
    throw new DomainError("INVALID_REQUEST", `amount: exceeds what is paid and not cancelled (${balance})`, {
      field: "amount",
    });
  return primary;
}

/** Issues at the provider, then records; shared by the manual endpoint and the deposit job. */
export async function issueReceipt(target: Target, input: IssueRequest): Promise<CashReceiptRecord> {
  const { merchantId, storeId, paymentId, channel } = target;
  // Checked first without a lock (before the provider is called), then again inside the write.
  await checkIssuable(undefined, target, input, false);
  const id = newId("cr-");
  const provider = cashReceiptProviderFor(channel);
  const taxFree = input.tax_free_amount ?? 0;
  const called = await callProvider(() =>
    provider.issueCashReceipt({
      channel,
      receiptId: id,
      type: input.type,
      customerIdentifier: input.customer_identifier,
      amount: input.amount,
      taxFreeAmount: taxFree,
      currency: input.currency,
      orderName: input.order_name,
    }),
  );
  // No money moves: without an answer nothing is recorded, and the caller is told the PG may have issued.
  if (!called.answered) throw unknownReceiptOutcome(called.reason);
  const outcome = called.value;
  if (!outcome.ok) throw new ProviderError(outcome.pgCode, outcome.pgMessage);
  const now = Date.now();
  try {
    return await transaction(async (tx) => {
      const primary = await checkIssuable(tx, target, input, true);
      const record: CashReceiptRecord = {
        id,
        merchant_id: merchantId,
        store_id: storeId,
        payment_id: paymentId,
        transaction_id: primary?.id ?? null,
        is_manual: input.isManual ? 1 : 0,
        channel_id: channel.id,
        channel_type: channel.type,
        channel: serializeChannel(channel),
        type: input.type,
        status: "ISSUED",
        order_name: input.order_name,
        currency: input.currency,
        amount: input.amount,
        tax_free_amount: taxFree,
        product_type: input.product_type ?? null,
        customer_identifier: maskIdentifier(input.customer_identifier),
        customer_name: input.customer_name ?? null,
        customer_email: input.customer_email ?? null,
        pg_receipt_id: outcome.pgReceiptId,
        pg_tx_id: outcome.pgTxId,
        issue_number: outcome.issueNumber,
        receipt_token: newSecret(24),
        issued_at: now,
        cancelled_at: null,
        cancelled_amount: null,
        updated_at: now,
      };
      await insertReceipt(tx, record);
      // Recorded only for a manual issuance by a caller (the deposit job has no actor); no customer identifier.
      await recordAudit(tx, {
        merchantId,
        action: "cash_receipt.issue",
        targetId: paymentId,
        after: { receipt_id: id, type: input.type, amount: input.amount, currency: input.currency, status: "ISSUED" },
      });
      return record;
    });
  } catch (error) {
    // Lost a race (or the payment changed) after the provider issued: take the provider's receipt back.
    await provider
      .cancelCashReceipt({ channel, pgReceiptId: outcome.pgReceiptId, amount: input.amount })
      .catch(() => undefined);
    if (error instanceof DomainError) throw error;
    if (await findLatestReceipt(merchantId, storeId, paymentId).then((r) => r?.status === "ISSUED")) {
      throw new DomainError("CASH_RECEIPT_ALREADY_ISSUED", "this payment already has an issued cash receipt");
    }
    throw error;
  }
}
