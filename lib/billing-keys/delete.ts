import { DomainError, ProviderError } from "@/lib/api/error-codes";
import type { AuthContext } from "@/lib/auth/context";
import { getDb, withTransaction } from "@/lib/db/client";
import { callProvider } from "@/lib/providers/call";
import { paymentProviderFor } from "@/lib/providers/registry";
import { BOOKED_STATUSES } from "@/lib/schedules/status";
import { resolveStore } from "@/lib/tenancy/scope";
import { toRfc3339 } from "@/lib/time";
import { findKeyChannel, lockBillingKey } from "./repository";
import { assertDeletable } from "./status";

/**
 * DELETE /v2/billing-keys/{billing_key}. The key is marked DELETED in the transaction that checks
 * for booked schedules (bookings lock the same row), then the provider is told; if it refuses,
 * the key is restored and the refusal answered.
 */
export async function deleteBillingKey({ ctx, input }: { ctx: AuthContext; input: { billing_key: string; store_id?: string } }) {
  const store = await resolveStore(ctx, input.store_id, { missingAs: "BILLING_KEY_NOT_FOUND", deniedAs: "BILLING_KEY_NOT_FOUND" });
  const deletedAt = Date.now();
  const key = await withTransaction(async (tx) => {
    const row = await lockBillingKey({ merchantId: ctx.merchantId, storeId: store.id, billingKey: input.billing_key }, tx);
    if (!row) throw new DomainError("BILLING_KEY_NOT_FOUND", "billing key not found");
    assertDeletable(row);
    const booked = await tx.selectFrom("schedules").select("id").where("billing_key", "=", row.id).where("status", "in", BOOKED_STATUSES).orderBy("scheduled_at").execute();
    if (booked.length > 0) {
      throw new DomainError("BOOKED_SCHEDULE_EXISTENCE", "schedules are booked on this billing key; cancel them first", { schedule_ids: booked.map((s) => s.id) });
    }
    await tx.updateTable("billing_keys").set({ status: "DELETED", deleted_at: deletedAt }).where("id", "=", row.id).where("status", "=", "ISSUED").execute();
    return row;
  });
  const channel = await findKeyChannel(ctx.merchantId, key.channel_id);
  const called = await callProvider((signal) => paymentProviderFor(channel).deleteBillingKey({ channel, signal, pgBillingKey: key.pg_billing_key ?? "" }));
  const result = called.answered ? called.value : ({ ok: false, pgCode: "PROVIDER_OUTCOME_UNKNOWN", pgMessage: `the provider did not answer: ${called.reason}` } as const);
  if (!result.ok) {
    await getDb().updateTable("billing_keys").set({ status: "ISSUED", deleted_at: null }).where("id", "=", key.id).where("deleted_at", "=", deletedAt).execute();
    throw new ProviderError(result.pgCode, result.pgMessage);
  }
  return { deleted_at: toRfc3339(deletedAt) };
}
