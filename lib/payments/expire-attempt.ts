import { getDb } from "@/lib/db/client";
import { completeAttempt } from "./attempts";

/**
 * Job handler: an attempt still PENDING long after it started (its process died mid-call). It is
 * closed as FAILED so the payment id can be tried again; the merchant sees why in `failure`.
 */
export async function expireAttempt(payload: { transactionId: string }): Promise<void> {
  const row = await getDb().selectFrom("transactions").selectAll().where("id", "=", payload.transactionId).executeTakeFirst();
  if (!row || row.status !== "PENDING") return;
  await completeAttempt(row, {
    kind: "failed",
    failure: { ok: false, pgCode: "ATTEMPT_ABANDONED", pgMessage: "no provider answer was recorded for this attempt" },
    reason: "the attempt was interrupted before the provider's answer was recorded",
  });
}
