import { getDb } from "@/lib/db/client";
import { askProviderToCancel, recordFailure, recordSuccess } from "./cancel-outcome";

/**
 * Job handler: a cancellation still REQUESTED long after its request (the process died between
 * reserving the amount and recording the provider's answer). The provider is asked again with the
 * same cancellation id, which real adapters pass as their idempotency key, and the answer recorded.
 */
export async function recoverCancellation(payload: { cancellationId: string }): Promise<void> {
  const cancellation = await getDb().selectFrom("cancellations").selectAll().where("id", "=", payload.cancellationId).executeTakeFirst();
  if (!cancellation || cancellation.status !== "REQUESTED") return;
  const row = await getDb().selectFrom("transactions").selectAll().where("id", "=", cancellation.transaction_id).executeTakeFirstOrThrow();
  // An unreachable provider throws: the job is retried with backoff, the amount stays reserved.
  const outcome = await askProviderToCancel(row, cancellation);
  if (outcome.ok) await recordSuccess(row.id, cancellation.id, outcome.pgCancellationId);
  else await recordFailure(row.id, cancellation, outcome.pgCode, outcome.pgMessage);
}
