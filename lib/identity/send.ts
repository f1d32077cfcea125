import { requireStoreChannel } from "@/lib/channels/repository";
import type { ChannelsTable } from "@/lib/db/tables/foundation";
import { DomainError, ProviderError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import type { IdentityVerificationsTable } from "@/lib/db/tables/identity";
import { newId } from "@/lib/ids";
import { identityProviderFor } from "@/lib/providers/identity-registry";
import { readResidentNumber } from "./resident-number";
import { issueOtp, sandboxInboxDelivery } from "./otp";
import { findVerification, resolveIdentityStore } from "./repository";
import type { SendVerificationBody } from "./schema";
import { serializeIdentityChannel } from "./serialize";
import { assertCanSend } from "./status";


/** Records (or refreshes) the not-yet-sent verification, so a failed send leaves a NOT_SENT record. */
async function upsertUnsent(ctx: AuthContext, storeId: string, id: string, input: SendVerificationBody, channel: ChannelsTable) {
  const now = Date.now();
  const fields = {
    channel_id: channel.id,
    channel_type: channel.type,
    channel: JSON.stringify(serializeIdentityChannel(channel)),
    method: input.method,
    operator: input.operator,
    custom_data: input.customData ?? null,
    customer_id: input.customer.id ?? null,
    customer_name: input.customer.name,
    customer_phone: input.customer.phoneNumber,
    // Only the century-and-sex digit of the resident number is ever kept (CONTRACT §8).
    identity_digit: input.customer.identityNumber ? (readResidentNumber(input.customer.identityNumber)?.digit ?? null) : null,
    updated_at: now,
  };
  const existing = await findVerification(ctx.merchantId, storeId, id);
  assertCanSend(existing);
  if (existing) {
    await getDb().updateTable("identity_verifications").set(fields).where("id", "=", existing.id).where("sent_at", "is", null).execute();
    return { ...existing, ...fields };
  }
  const row: IdentityVerificationsTable = {
    id: newId("iv-"),
    merchant_id: ctx.merchantId,
    store_id: storeId,
    verification_id: id,
    status: "READY",
    ...fields,
    pg_session: null,
    otp_hash: null,
    otp_expires_at: null,
    otp_attempts: 0,
    sent_at: null,
    verified_customer: null,
    verified_at: null,
    pg_tx_id: null,
    pg_raw_response: null,
    requested_at: now,
    status_changed_at: now,
    created_at: now,
  };
  try {
    await getDb().insertInto("identity_verifications").values(row).execute();
  } catch (error) {
    // A concurrent send of the same id won the insert.
    if (await findVerification(ctx.merchantId, storeId, id)) throw new DomainError("IDENTITY_VERIFICATION_ALREADY_SENT", "this identity verification was already sent");
    throw error;
  }
  return row;
}

/**
 * POST /identity-verifications/{id}/send: SMS texts a fresh OTP, APP pushes to the carrier app.
 * The provider is called outside any DB transaction; the record turns "sent" only on success.
 */
export async function sendVerification({ ctx, id, input }: { ctx: AuthContext; id: string; input: SendVerificationBody }): Promise<Record<string, never>> {
  const store = await resolveIdentityStore(ctx, input.storeId);
  const channel = await requireStoreChannel(ctx.merchantId, store.id, input.channelKey, "identity", "channelKey");
  const row = await upsertUnsent(ctx, store.id, id, input, channel);
  const provider = identityProviderFor(channel);
  const request = { channel, operator: input.operator, name: input.customer.name, phoneNumber: input.customer.phoneNumber, identityNumber: input.customer.identityNumber };
  const otp = input.method === "SMS" ? issueOtp(row.id) : null;
  const outcome = otp
    ? await provider.sendOtp({ ...request, otp: otp.otp, expiresAt: otp.expiresAt, delivery: sandboxInboxDelivery(channel, row) })
    : await provider.sendAppPush(request);
  if (!outcome.ok) throw new ProviderError(outcome.pgCode, outcome.pgMessage);
  const now = Date.now();
  const result = await getDb()
    .updateTable("identity_verifications")
    .set({
      status: "READY",
      sent_at: now,
      pg_session: outcome.pgSession,
      otp_hash: otp?.hash ?? null,
      otp_expires_at: otp?.expiresAt ?? null,
      otp_attempts: 0,
      requested_at: now,
      updated_at: now,
      status_changed_at: now,
    })
    .where("id", "=", row.id)
    .where("sent_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError("IDENTITY_VERIFICATION_ALREADY_SENT", "this identity verification was already sent");
  return {};
}
