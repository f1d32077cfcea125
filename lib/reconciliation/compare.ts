import { transaction } from "@/lib/db/transaction";
import { recordLateApproval } from "@/lib/payments/unsettled/repository/late-approvals";
import { lockTransaction } from "@/lib/payments/transactions/repository";
import type { SettlementEntry } from "@/lib/providers/types";
import type { AttemptRecord, CancellationRecord, LateApprovalRecord } from "./repository";
import type { Mismatch } from "./types";

type PaymentEntry = Extract<SettlementEntry, { type: "PAYMENT" }>;
type CancellationEntry = Extract<SettlementEntry, { type: "CANCELLATION" }>;

export type OurRecords = {
  transactions: Map<string, AttemptRecord>;
  cancellations: CancellationRecord[];
  lateApprovals: LateApprovalRecord[];
  /** Our transactions in the window (ids), expected at the provider. */
  inWindow: Set<string>;
  /** Start of the window: our cancellations requested since are expected at the provider. */
  since: number;
};

const MONEY = new Set<PaymentEntry["status"]>(["APPROVED", "DEPOSITED"]);

function mismatch(
  kind: Mismatch["kind"],
  row: AttemptRecord | undefined,
  detail: string,
  extra: Partial<Mismatch> = {},
): Mismatch {
  return {
    kind,
    merchant_id: row?.merchant_id ?? null,
    store_id: row?.store_id ?? null,
    payment_id: row?.payment_id ?? null,
    tx_id: row?.id ?? null,
    detail,
    ...extra,
  };
}

/** Our records by what refers to them. */
function index(ours: OurRecords) {
  const cancellationsByTx = new Map<string, CancellationRecord[]>();
  for (const c of ours.cancellations)
    cancellationsByTx.set(c.transaction_id, [...(cancellationsByTx.get(c.transaction_id) ?? []), c]);
  return {
    cancellationsByTx,
    cancellationById: new Map(ours.cancellations.map((c) => [c.id, c])),
    cancellationByPgId: new Map(
      ours.cancellations.filter((c) => c.pg_cancellation_id).map((c) => [c.pg_cancellation_id!, c]),
    ),
    lateByTx: new Map(ours.lateApprovals.map((l) => [l.transaction_id, l])),
    lateById: new Map(ours.lateApprovals.map((l) => [l.id, l])),
    lateByPgId: new Map(ours.lateApprovals.filter((l) => l.pg_cancellation_id).map((l) => [l.pg_cancellation_id!, l])),
  };
}

/**
 * Our id for a refund in the file: the cancellation id we sent, or — for providers whose file
 * does not carry it (Toss lists refunds by its own transaction key) — the one we recorded for
 * the provider's refund id.
 */
function ourRefundId(entry: CancellationEntry, refs: ReturnType<typeof index>): string {
  if (entry.cancellationId) return entry.cancellationId;
  return (
    refs.cancellationByPgId.get(entry.pgCancellationId)?.id ?? refs.lateByPgId.get(entry.pgCancellationId)?.id ?? ""
  );
}

/**
 * An attempt we settled FAILED that the provider charged: a late approval nobody saw (its caller
 * died before the answer came). It is recorded now, so the sweep refunds it.
 */
async function catchLateApproval(row: AttemptRecord, entry: PaymentEntry): Promise<void> {
  await transaction(async (tx) => {
    const locked = await lockTransaction(tx, row.id);
    if (locked.status === "FAILED")
      await recordLateApproval(tx, locked, {
        kind: entry.method === "VIRTUAL_ACCOUNT" ? "VIRTUAL_ACCOUNT" : "CHARGE",
        pgTxId: entry.pgTxId,
      });
  });
}

async function comparePayment(
  row: AttemptRecord,
  entry: PaymentEntry | undefined,
  ours: ReturnType<typeof index>,
  out: Mismatch[],
): Promise<void> {
  if (row.status === "PENDING" || entry?.status === "IN_PROGRESS") return; // unsettled: reported as such
  const money = entry !== undefined && MONEY.has(entry.status);
  if (row.status === "FAILED") {
    if (!money || entry.amount === entry.cancelledAmount) return;
    const late = ours.lateByTx.get(row.id);
    if (!late) await catchLateApproval(row, entry);
    else if (late.status === "REFUND_REFUSED")
      out.push(
        mismatch(
          "late_approval_refund_refused",
          row,
          `the provider charged ${entry.amount} for this FAILED attempt and refused its refund (${late.failure_pg_code})`,
          { pg_tx_id: entry.pgTxId, provider: entry.amount - entry.cancelledAmount },
        ),
      );
    return;
  }
  if (row.status === "VIRTUAL_ACCOUNT_ISSUED") {
    if (entry?.status === "DEPOSITED")
      out.push(
        mismatch("deposit_not_recorded", row, "the provider received the deposit; the payment still awaits it", {
          pg_tx_id: entry.pgTxId,
          provider: entry.amount,
        }),
      );
    return;
  }
  const paid =
    row.status === "PAID" || row.status === "PARTIAL_CANCELLED" || (row.status === "CANCELLED" && row.paid_at !== null);
  if (!paid) return;
  if (!money) {
    out.push(
      mismatch(
        "paid_without_charge",
        row,
        `recorded PAID ${row.paid_amount}; the provider holds no charge (${entry?.status ?? "no record"})`,
        { ours: row.paid_amount, pg_tx_id: row.pg_tx_id ?? undefined },
      ),
    );
    return;
  }
  if (entry.amount !== row.paid_amount) {
    out.push(
      mismatch("amount_mismatch", row, "paid amounts differ", {
        pg_tx_id: entry.pgTxId,
        ours: row.paid_amount,
        provider: entry.amount,
      }),
    );
    return;
  }
  const cancellations = ours.cancellationsByTx.get(row.id) ?? [];
  if (cancellations.some((c) => c.status === "REQUESTED")) return; // in flight: unsettled
  const refunded = cancellations.filter((c) => c.status === "SUCCEEDED").reduce((sum, c) => sum + c.cancel_amount, 0);
  if (refunded !== entry.cancelledAmount) {
    out.push(
      mismatch("refund_amount_mismatch", row, "refunded totals differ", {
        pg_tx_id: entry.pgTxId,
        ours: refunded,
        provider: entry.cancelledAmount,
      }),
    );
  }
}

function compareRefund(
  entry: CancellationEntry,
  rows: Map<string, AttemptRecord>,
  ours: ReturnType<typeof index>,
  out: Mismatch[],
): void {
  if (entry.status !== "SUCCEEDED") return;
  const row = rows.get(entry.txId);
  const id = ourRefundId(entry, ours);
  const c = ours.cancellationById.get(id);
  if (c) {
    if (c.status === "FAILED")
      out.push(
        mismatch("refund_not_recorded", row, "the provider refunded; our cancellation is FAILED", {
          cancellation_id: c.id,
          provider: entry.amount,
        }),
      );
    else if (c.status === "SUCCEEDED" && c.cancel_amount !== entry.amount)
      out.push(
        mismatch("refund_amount_mismatch", row, "cancellation amounts differ", {
          cancellation_id: c.id,
          ours: c.cancel_amount,
          provider: entry.amount,
        }),
      );
    return;
  }
  if (ours.lateById.has(id)) return; // a late approval's refund: agreed (or unsettled)
  out.push(
    mismatch(
      "refund_not_recorded",
      row,
      `the provider refunded (${entry.pgCancellationId}); we have no record of this cancellation`,
      { cancellation_id: id || undefined, pg_tx_id: entry.pgTxId, provider: entry.amount },
    ),
  );
}

/** Two or more charges the provider still holds for one payment of ours. */
function doubleCharges(entries: PaymentEntry[], rows: Map<string, AttemptRecord>, out: Mismatch[]): void {
  const held = new Map<string, { row: AttemptRecord; entries: PaymentEntry[] }>();
  for (const entry of entries) {
    const row = rows.get(entry.txId);
    if (!row || !MONEY.has(entry.status) || entry.amount === entry.cancelledAmount) continue;
    const key = `${row.store_id}\u0000${row.payment_id}`;
    const group = held.get(key) ?? { row, entries: [] };
    group.entries.push(entry);
    held.set(key, group);
  }
  for (const { row, entries: charged } of held.values()) {
    if (charged.length < 2) continue;
    out.push(
      mismatch(
        "double_charge",
        row,
        `the provider holds ${charged.length} charges for this payment (${charged.map((e) => e.pgTxId).join(", ")})`,
        { provider: charged.reduce((s, e) => s + e.amount - e.cancelledAmount, 0) },
      ),
    );
  }
}

/**
 * Compares the settlement entries of the accounts that could be listed with our records. `listed`
 * holds those accounts' PG merchant ids: our records elsewhere are not judged. `lookedUp` holds the
 * listed accounts read by looking up our attempts (./lookup-settlement.ts): their refunds are
 * judged by each payment's refunded total, as they carry no refund entries.
 */
export async function compare(
  entries: SettlementEntry[],
  ours: OurRecords,
  listed: Set<string>,
  accountOf: (row: AttemptRecord) => string,
  lookedUp: Set<string> = new Set(),
): Promise<Mismatch[]> {
  const out: Mismatch[] = [];
  const refs = index(ours);
  const payments = entries.filter((e): e is PaymentEntry => e.type === "PAYMENT");
  const byTx = new Map(payments.map((e) => [e.txId, e]));
  for (const entry of payments) {
    if (!ours.transactions.has(entry.txId) && MONEY.has(entry.status) && entry.amount > entry.cancelledAmount) {
      out.push(
        mismatch(
          "charge_without_record",
          undefined,
          `the provider charged ${entry.amount} ${entry.currency} for an order we have no record of`,
          { tx_id: entry.txId, pg_tx_id: entry.pgTxId, provider: entry.amount },
        ),
      );
    }
  }
  for (const row of ours.transactions.values()) {
    if (!listed.has(accountOf(row))) continue;
    if (!byTx.has(row.id) && !ours.inWindow.has(row.id)) continue;
    await comparePayment(row, byTx.get(row.id), refs, out);
  }
  doubleCharges(payments, ours.transactions, out);
  const refunds = entries.filter((e): e is CancellationEntry => e.type === "CANCELLATION");
  for (const entry of refunds) compareRefund(entry, ours.transactions, refs, out);
  const refunded = new Set(refunds.filter((e) => e.status === "SUCCEEDED").map((e) => ourRefundId(e, refs)));
  for (const c of ours.cancellations) {
    const row = ours.transactions.get(c.transaction_id);
    if (
      c.status !== "SUCCEEDED" ||
      refunded.has(c.id) ||
      !row ||
      !listed.has(accountOf(row)) ||
      lookedUp.has(accountOf(row)) ||
      c.requested_at < ours.since
    )
      continue;
    out.push(
      mismatch("refund_missing_at_provider", row, "we recorded this refund; the provider has none", {
        cancellation_id: c.id,
        ours: c.cancel_amount,
      }),
    );
  }
  return out;
}
