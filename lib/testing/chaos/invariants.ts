import { sql } from "kysely";
import { getDb } from "@/lib/db/client";
import type { ChaosClient } from "./client";
import type { LoadLog } from "./load";

/** What is still waiting on a provider or a worker, in the chaos merchant's store. */
export async function openWork(
  storeId: string,
): Promise<{ attempts: number; cancellations: number; lateApprovals: number; schedules: number }> {
  const db = getDb();
  const n = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
  const [attempts, cancellations, lateApprovals, schedules] = await Promise.all([
    db
      .selectFrom("transactions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("store_id", "=", storeId)
      .where("status", "=", sql.lit("PENDING"))
      .executeTakeFirst(),
    db
      .selectFrom("cancellations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("store_id", "=", storeId)
      .where("status", "=", sql.lit("REQUESTED"))
      .executeTakeFirst(),
    db
      .selectFrom("late_approvals")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("store_id", "=", storeId)
      .where("status", "=", sql.lit("REFUND_REQUESTED"))
      .executeTakeFirst(),
    db
      .selectFrom("schedules")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("store_id", "=", storeId)
      .where((eb) =>
        eb.or([
          eb("status", "=", sql.lit("STARTED")),
          eb.and([eb("status", "=", sql.lit("SCHEDULED")), eb("scheduled_at", "<=", Date.now())]),
        ]),
      )
      .executeTakeFirst(),
  ]);
  return {
    attempts: n(attempts),
    cancellations: n(cancellations),
    lateApprovals: n(lateApprovals),
    schedules: n(schedules),
  };
}

export async function waitSettled(
  storeId: string,
  timeoutMs: number,
): Promise<{ settledAfterMs: number; open: Awaited<ReturnType<typeof openWork>> }> {
  const started = Date.now();
  for (;;) {
    const open = await openWork(storeId);
    const total = open.attempts + open.cancellations + open.lateApprovals + open.schedules;
    if (total === 0 || Date.now() - started > timeoutMs) return { settledAfterMs: Date.now() - started, open };
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Each attempt still PENDING with its look-up's state, so a failed run says why it never settled. */
async function pendingAttempts(storeId: string): Promise<string[]> {
  const now = Date.now();
  const rows = await getDb()
    .selectFrom("transactions")
    .select([
      "id",
      "payment_id",
      "requested_at",
      "call_deadline_at",
      "lookup_due_at",
      "lookup_attempts",
      "last_lookup_error",
    ])
    .where("store_id", "=", storeId)
    .where("status", "=", sql.lit("PENDING"))
    .execute();
  return rows.map(
    (r) =>
      `${r.payment_id} ${r.id} PENDING: requested ${Math.round((now - Number(r.requested_at)) / 1000)} s ago, deadline +${Number(r.call_deadline_at ?? 0) - Number(r.requested_at)} ms, ${r.lookup_attempts} look-ups, next in ${Math.round((Number(r.lookup_due_at ?? now) - now) / 1000)} s, last: ${r.last_lookup_error ?? "-"}`,
  );
}

const SETTLED_PAID = new Set(["PAID", "PARTIAL_CANCELLED", "CANCELLED"]);

/**
 * The assertions after the storm, as a list of violations (empty when all hold):
 * every payment settled (none PENDING); every 200 PAID still paid or cancelled; cancelled totals
 * never above what was paid and equal to the succeeded cancellations; every 200 cancel recorded
 * SUCCEEDED; a retry of an unanswered request with its key answers the settled outcome.
 */
export async function violations(storeId: string, client: ChaosClient, log: LoadLog): Promise<string[]> {
  const found: string[] = [];
  const open = await openWork(storeId);
  for (const [what, count] of Object.entries(open)) if (count > 0) found.push(`${count} ${what} still unsettled`);
  if (open.attempts > 0) found.push(...(await pendingAttempts(storeId)));

  const db = getDb();
  for (const p of log.payments) {
    if (p.outcome?.final !== true || p.outcome.answer.status !== 200 || p.kind === "schedule") continue;
    const res = await client.get(`/v2/payments/${p.paymentId}`);
    // The primary attempt: a payment failed over through a channel group has an older one before it.
    const transactions: Array<{ is_primary?: boolean; status?: string }> = res.body?.payment?.transactions ?? [];
    const status = (transactions.find((t) => t.is_primary) ?? transactions[0])?.status;
    if (!SETTLED_PAID.has(status ?? ""))
      found.push(`${p.paymentId} was answered 200 PAID but is now ${status ?? res.status}`);
  }

  const rows = await db
    .selectFrom("transactions")
    .select(["id", "payment_id", "status", "total_amount", "paid_amount", "cancelled_amount"])
    .where("store_id", "=", storeId)
    .execute();
  const succeeded = await db
    .selectFrom("cancellations")
    .select(["transaction_id", (eb) => eb.fn.sum<number>("cancel_amount").as("total")])
    .where("store_id", "=", storeId)
    .where("status", "=", sql.lit("SUCCEEDED"))
    .groupBy("transaction_id")
    .execute();
  const refunded = new Map(succeeded.map((r) => [r.transaction_id, Number(r.total)]));
  for (const r of rows) {
    const paidAmount = Number(r.paid_amount ?? 0);
    const cancelled = Number(r.cancelled_amount);
    if (cancelled > paidAmount) found.push(`${r.payment_id}: cancelled ${cancelled} > paid ${paidAmount}`);
    if ((refunded.get(r.id) ?? 0) !== cancelled)
      found.push(`${r.payment_id}: cancelled_amount ${cancelled} ≠ succeeded cancellations ${refunded.get(r.id) ?? 0}`);
  }

  for (const c of log.cancels) {
    if (c.outcome.final !== true || c.outcome.answer.status !== 200) continue;
    const id = c.outcome.answer.body?.cancellation_id as string | undefined;
    const row = id
      ? await db.selectFrom("cancellations").select("status").where("id", "=", id).executeTakeFirst()
      : undefined;
    if (row?.status !== "SUCCEEDED")
      found.push(`cancel ${id ?? "?"} of ${c.paymentId} was answered 200 but is ${row?.status ?? "missing"}`);
  }
  return found;
}

/**
 * Requests the client never got a final answer to, sent again with their key now that all is
 * settled: each must answer the settled outcome (200 with the recorded tx_id, or the decline),
 * never charge again. A key whose first run died mid-request may still be held by its lease
 * (409): then the payment's own record must be settled, which `violations` checks.
 */
export async function retryUnanswered(
  storeId: string,
  client: ChaosClient,
  log: LoadLog,
): Promise<{ retried: number; violations: string[] }> {
  const found: string[] = [];
  let retried = 0;
  for (const p of log.payments) {
    if (p.kind === "schedule" || p.outcome?.final !== false || !p.key) continue;
    const primaryNow = () =>
      getDb()
        .selectFrom("transactions")
        .select(["id", "status"])
        .where("store_id", "=", storeId)
        .where("payment_id", "=", p.paymentId)
        .where("is_primary", "=", 1)
        .executeTakeFirst();
    // Never reached the server: sending it now would be a new payment, not a retry of one.
    if (!(await primaryNow())) continue;
    retried++;
    const answer = await client.send("POST", p.path, p.body, p.key);
    // Read after the retry: a payment still unsettled (reported by `violations`) is looked up by it.
    const primary = await primaryNow();
    if (answer.status === 409) continue;
    if (answer.status === 200) {
      if (primary?.status !== "PAID" && primary?.status !== "PARTIAL_CANCELLED" && primary?.status !== "CANCELLED")
        found.push(`${p.paymentId}: retry answered 200 but the payment is ${primary?.status ?? "missing"}`);
      else if (answer.body?.tx_id !== primary.id)
        found.push(`${p.paymentId}: retry answered tx ${answer.body?.tx_id}, recorded ${primary.id}`);
    } else if (primary && primary.status !== "FAILED") {
      found.push(
        `${p.paymentId}: retry answered ${answer.status} ${JSON.stringify(answer.body)} but the payment is ${primary.status}`,
      );
    }
  }
  return { retried, violations: found };
}
