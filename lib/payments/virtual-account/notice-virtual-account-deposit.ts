import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { simulateTestDeposit } from "@/lib/providers/virtual-account-registry";
import { requirePrimaryTransaction, resolvePaymentStore } from "../payment-scope";
import { loadPayment } from "../read/load-payment";
import { canMove } from "../status";
import { lockPrimaryTransaction, type TransactionRow } from "../transactions/repository";
import { payInDeposit } from "./record-deposit";
import { type MethodDetail, methodDetailOf } from "./repository";

function assertDepositable(row: TransactionRow, now: number): MethodDetail {
  if (row.channel_type !== "TEST")
    throw new DomainError("INVALID_REQUEST", "test deposits are accepted on TEST channels only");
  if (row.method !== "VIRTUAL_ACCOUNT")
    throw new DomainError("INVALID_REQUEST", "this payment is not a virtual-account payment");
  if (row.status !== "VIRTUAL_ACCOUNT_ISSUED" || !canMove(row.status, "PAID")) {
    throw new DomainError(
      "INVALID_REQUEST",
      `no virtual account awaits a deposit on this payment (status ${row.status})`,
    );
  }
  const detail = methodDetailOf(row);
  const expiredAt = Date.parse(String(detail.virtual_account?.expired_at ?? ""));
  if (Number.isFinite(expiredAt) && expiredAt < now)
    throw new DomainError("INVALID_REQUEST", "the virtual account has expired");
  return detail;
}

/**
 * POST /v2/test-payments/{payment_id}/notice-virtual-account-deposit (TEST channels): simulates
 * the bank's deposit notice: the sandbox provider takes the deposit into its ledger, then the
 * payment becomes PAID; the Paid webhook and every deposit hook are recorded in the same DB
 * transaction.
 */
export async function noticeVirtualAccountDeposit({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { payment_id: string; store_id?: string };
}) {
  const store = await resolvePaymentStore(ctx, input.store_id, false);
  const issued = await requirePrimaryTransaction(ctx.merchantId, store.id, input.payment_id);
  assertDepositable(issued, Date.now());
  // The bank pays into the account at the sandbox provider first, as a real deposit would.
  if (!(await simulateTestDeposit(issued.id)))
    throw new DomainError("INVALID_REQUEST", "the provider has no open virtual account for this payment");
  const txId = await transaction(async (tx) => {
    const row = await lockPrimaryTransaction(tx, ctx.merchantId, store.id, input.payment_id);
    const now = Date.now();
    assertDepositable(row, now);
    await payInDeposit(tx, row, now);
    return row.id;
  });
  const payment = await loadPayment(ctx.merchantId, { storeId: store.id, paymentId: input.payment_id });
  // Webhooks are delivered asynchronously by the outbox worker, so there is no webhook id yet.
  return { tx_id: txId, payment: payment! };
}
