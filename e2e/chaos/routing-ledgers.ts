import { getDb } from "@/lib/db/client";

const PAID = new Set(["PAID", "PARTIAL_CANCELLED", "CANCELLED"]);

/**
 * The routing chaos run's money checks, against the PGs' own books: `charged` holds, per PG, the
 * order ids (our attempt ids) that PG charged (refunded later or not). A violation for a payment
 * charged more than once across the PGs, a charge of an order we have no attempt for, or a payment
 * paid on more than one attempt. `paidAttempt`: each payment's one paid attempt.
 */
export async function chargesPerPayment(storeId: string, charged: Record<string, string[]>) {
  const attempts = await getDb()
    .selectFrom("transactions")
    .select(["id", "payment_id", "status", "channel_id"])
    .where("store_id", "=", storeId)
    .execute();
  const paymentOf = new Map(attempts.map((a) => [a.id, a.payment_id]));
  const violations: string[] = [];
  const charges = new Map<string, string[]>();
  const chargedAt: Record<string, number> = {};
  for (const [pg, orderIds] of Object.entries(charged)) {
    chargedAt[pg] = orderIds.length;
    for (const orderId of orderIds) {
      const paymentId = paymentOf.get(orderId);
      if (!paymentId) violations.push(`${pg} charged order ${orderId}, which is no attempt of ours`);
      else charges.set(paymentId, [...(charges.get(paymentId) ?? []), `${pg}:${orderId}`]);
    }
  }
  for (const [paymentId, list] of charges)
    if (list.length > 1) violations.push(`${paymentId} charged ${list.length} times: ${list.join(", ")}`);

  const byPayment = new Map<string, typeof attempts>();
  for (const a of attempts) byPayment.set(a.payment_id, [...(byPayment.get(a.payment_id) ?? []), a]);
  const paidAttempt = new Map<string, string>();
  let failedOver = 0;
  // Attempts per channel and status, for the run's log line.
  const attemptsBy: Record<string, number> = {};
  for (const a of attempts) {
    const k = `${a.payment_id.slice(0, 7)}:${String(a.channel_id).slice(-4)}:${a.status}`;
    attemptsBy[k] = (attemptsBy[k] ?? 0) + 1;
  }
  for (const [paymentId, rows] of byPayment) {
    const paid = rows.filter((r) => PAID.has(r.status));
    if (paid.length > 1)
      violations.push(`${paymentId} paid on ${paid.length} attempts: ${paid.map((r) => r.id).join(", ")}`);
    if (paid[0]) paidAttempt.set(paymentId, paid[0].id);
    if (new Set(rows.map((r) => r.channel_id)).size > 1) failedOver++;
  }
  return { violations, paidAttempt, figures: { payments: byPayment.size, failedOver, chargedAt, attemptsBy } };
}

/**
 * Makes every look-up due now, as if the backoff an outage built up had elapsed: a cancel sent
 * during the refused window backs off for minutes, longer than the run waits for it to settle.
 */
export async function lookUpsDueNow(): Promise<void> {
  const now = Date.now();
  for (const table of ["transactions", "cancellations", "late_approvals"] as const)
    await getDb().updateTable(table).set({ lookup_due_at: now }).where("lookup_due_at", ">", now).execute();
}
