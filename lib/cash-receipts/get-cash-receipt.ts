import type { AuthContext } from "@/lib/auth/context";
import { cashReceiptProviderFor } from "@/lib/channels/providers";
import { getChannelById } from "@/lib/channels/repository";
import { callProvider } from "@/lib/providers/call";
import { resolveStore } from "@/lib/tenancy/scope";
import { type CashReceiptRecord, findReceiptOrThrow, recordIssueNumber } from "./repository";
import { serializeCashReceipt } from "./serialize";

/**
 * A receipt issued before the PG had the tax office's number (NICE answers `approveNo` only once
 * issued) is read at the PG; the number is kept once known. A PG that cannot answer now leaves
 * the receipt as recorded.
 */
async function withIssueNumber(row: CashReceiptRecord): Promise<CashReceiptRecord> {
  if (row.status !== "ISSUED" || row.issue_number !== "") return row;
  const channel = await getChannelById(row.channel_id);
  const provider = cashReceiptProviderFor(channel);
  if (!provider.readCashReceipt) return row;
  const read = await callProvider((signal) =>
    provider.readCashReceipt!({ channel, pgReceiptId: row.pg_receipt_id, signal }),
  );
  if (!read.answered || !read.value.ok || !read.value.issueNumber) return row;
  const now = Date.now();
  await recordIssueNumber(row.id, read.value.issueNumber, now);
  return { ...row, issue_number: read.value.issueNumber, updated_at: now };
}

/** GET /v2/payments/{payment_id}/cash-receipt. A store the caller may not see answers as a missing payment. */
export async function getCashReceipt({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { payment_id: string; store_id?: string };
}) {
  const store = await resolveStore(ctx, input.store_id, {
    missingAs: "PAYMENT_NOT_FOUND",
    deniedAs: "PAYMENT_NOT_FOUND",
  });
  const row = await findReceiptOrThrow(ctx.merchantId, store.id, input.payment_id);
  return { receipt: serializeCashReceipt(await withIssueNumber(row)) };
}
