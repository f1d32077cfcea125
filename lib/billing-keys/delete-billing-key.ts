import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { DomainError, ProviderError } from "@/lib/errors/domain-error";
import { recordAudit } from "@/lib/audit/record";
import { callProvider } from "@/lib/providers/call";
import { unknownSummary } from "@/lib/providers/unknown-outcome";
import { paymentProviderFor } from "@/lib/channels/providers";
import { bookedScheduleIds, lockKeySchedules, transitionSchedules } from "@/lib/schedules/repository";
import { resolveStore } from "@/lib/tenancy/scope";
import { toRfc3339 } from "@/lib/time";
import { findKeyChannel, lockBillingKey, markKeyDeleted, restoreDeletedKey } from "./repository";
import { assertDeletable } from "./status";

/**
 * DELETE /v2/billing-keys/{billing_key}. The key is marked DELETED in the transaction that checks
 * for booked schedules (bookings lock the same row), then the provider is told; if it refuses,
 * the key is restored and the refusal answered. With `cancel_schedules` (the dashboard's
 * "cancel its schedules too") the key's SCHEDULED schedules are cancelled in that same
 * transaction: a schedule already running still refuses the deletion, and then nothing is
 * cancelled. A refusal by the provider restores the key but not the cancelled schedules.
 */
export async function deleteBillingKey({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { billing_key: string; store_id?: string; cancel_schedules?: boolean };
}) {
  const store = await resolveStore(ctx, input.store_id, {
    missingAs: "BILLING_KEY_NOT_FOUND",
    deniedAs: "BILLING_KEY_NOT_FOUND",
  });
  const deletedAt = Date.now();
  const key = await transaction(async (tx) => {
    const row = await lockBillingKey(
      { merchantId: ctx.merchantId, storeId: store.id, billingKey: input.billing_key },
      tx,
    );
    if (!row) throw new DomainError("BILLING_KEY_NOT_FOUND", "billing key not found");
    assertDeletable(row);
    if (input.cancel_schedules) {
      const scheduled = await lockKeySchedules(
        tx,
        { merchantId: ctx.merchantId, storeId: store.id, keyId: row.id },
        [],
      );
      await transitionSchedules(
        tx,
        scheduled.map((s) => s.id),
        "SCHEDULED",
        "CANCELLED",
        deletedAt,
      );
    }
    const booked = await bookedScheduleIds(tx, row.id);
    if (booked.length > 0) {
      throw new DomainError(
        "BOOKED_SCHEDULE_EXISTENCE",
        "schedules are booked on this billing key; cancel them first",
        { schedule_ids: booked },
      );
    }
    await markKeyDeleted(tx, row.id, deletedAt);
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "billing_key.delete",
      targetId: row.id,
      before: { status: "ISSUED" },
      after: { status: "DELETED" },
    });
    return row;
  });
  const channel = await findKeyChannel(ctx.merchantId, key.channel_id);
  const called = await callProvider((signal) =>
    paymentProviderFor(channel).deleteBillingKey({ channel, signal, pgBillingKey: key.pg_billing_key ?? "" }),
  );
  const result = called.answered
    ? called.value
    : ({
        ok: false,
        pgCode: "PROVIDER_OUTCOME_UNKNOWN",
        pgMessage: `${unknownSummary(called.reason) ?? "The provider gave no definite answer."} (${called.reason})`,
      } as const);
  if (!result.ok) {
    await transaction(async (tx) => {
      // The deletion entry stays in the chain; this one says it was undone, and why.
      if (await restoreDeletedKey(tx, key.id, deletedAt)) {
        await recordAudit(tx, {
          merchantId: ctx.merchantId,
          action: "billing_key.restore",
          targetId: key.id,
          before: { status: "DELETED" },
          after: { status: "ISSUED", pg_code: result.pgCode },
        });
      }
    });
    throw new ProviderError(result.pgCode, result.pgMessage);
  }
  return { deleted_at: toRfc3339(deletedAt) };
}
