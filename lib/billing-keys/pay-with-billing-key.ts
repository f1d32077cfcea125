import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { earlierOutcome } from "@/lib/payments/money-operation/earlier-outcome";
import { operationScope } from "@/lib/payments/money-operation/scope";
import { attemptOperation, requireSucceeded } from "@/lib/payments/pay/attempt-operation";
import type { OnSettled } from "@/lib/payments/pay/settle-attempt";
import { startAttempt } from "@/lib/payments/pay/start-attempt";
import { resolveStore } from "@/lib/tenancy/scope";
import { toRfc3339 } from "@/lib/time";
import { assertTaxFreeWithinTotal, attemptInputFor, chargeAttempt } from "./charge";
import { findBillingKey, findKeyChannel } from "./repository";
import type { BillingKeyPayInput } from "./schema";
import { assertChargeable } from "./status";

/**
 * POST /v2/payments/{payment_id}/billing-key/pay (CONTRACT §5): one attempt on the payment,
 * charged through the channel the key was issued on.
 */
export async function payWithBillingKey({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: BillingKeyPayInput & { payment_id: string };
}) {
  const { store_id, payment_id, ...request } = input;
  assertTaxFreeWithinTotal(request);
  const store = await resolveStore(ctx, store_id);
  // A retry of a request whose first run died answers that run's attempt.
  const scope = operationScope(ctx, store.id, payment_id);
  const earlier = await earlierOutcome(attemptOperation, scope);
  if (earlier) return billingKeyPayResponse(requireSucceeded(earlier));
  const key = await findBillingKey({
    merchantId: scope.merchantId,
    storeId: scope.storeId,
    billingKey: request.billing_key,
  });
  if (!key) throw new DomainError("BILLING_KEY_NOT_FOUND", "billing key not found");
  assertChargeable(key);
  const channel = await findKeyChannel(scope.merchantId, key.channel_id);
  const attempt = await startAttempt(attemptInputFor({ scope, key, channel, request, origin: ctx.origin }));
  const done = requireSucceeded(await chargeAttempt(key, channel, attempt, keepAnswerWithOutcome(ctx)));
  return billingKeyPayResponse(done);
}

/**
 * With an Idempotency-Key, a charge that took money keeps the key's answer in the outcome's own
 * transaction (one commit, not two); a decline is answered as an error, which the key keeps after.
 */
function keepAnswerWithOutcome(ctx: AuthContext): OnSettled | undefined {
  const keep = ctx.keepAnswer;
  if (!keep) return undefined;
  return async (tx, row) => {
    if (row.status === "PAID") await keep(tx, billingKeyPayResponse(row));
  };
}

function billingKeyPayResponse(done: Awaited<ReturnType<typeof chargeAttempt>>) {
  return {
    tx_id: done.id,
    customer_id: done.customer_id ?? undefined,
    requested_at: toRfc3339(done.requested_at),
    paid_at: toRfc3339(done.paid_at),
    pg_tx_id: done.pg_tx_id ?? undefined,
  };
}
