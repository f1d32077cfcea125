import { recordAudit } from "@/lib/audit/record";
import type { AuthContext } from "@/lib/auth/context";
import { type ChannelRecord, requireStoreChannel } from "@/lib/channels/repository";
import { transaction } from "@/lib/db/transaction";
import { DomainError, ProviderError } from "@/lib/errors/domain-error";
import { newId } from "@/lib/ids";
import { identityProviderFor } from "@/lib/providers/identity-registry";
import { issueOtp, sandboxInboxDelivery } from "./otp";
import {
  findVerification,
  insertVerification,
  markSent,
  type UnsentFields,
  updateUnsent,
  type VerificationRecord,
} from "./repository";
import { readResidentNumber } from "@/lib/personal-id/resident-number";
import { resolveIdentityStore } from "./resolve-store";
import type { SendVerificationBody } from "./schema";
import { serializeIdentityChannel } from "./serialize";
import { verificationSummary } from "./audit-summary";
import { assertCanSend } from "./status";

/** Records (or refreshes) the not-yet-sent verification, so a failed send leaves a NOT_SENT record. */
async function upsertUnsent(
  ctx: AuthContext,
  storeId: string,
  id: string,
  input: SendVerificationBody,
  channel: ChannelRecord,
): Promise<VerificationRecord> {
  const now = Date.now();
  const fields: UnsentFields = {
    channel_id: channel.id,
    channel_type: channel.type,
    channel: serializeIdentityChannel(channel),
    method: input.method,
    operator: input.operator,
    custom_data: input.customData ?? null,
    customer_id: input.customer.id ?? null,
    customer_name: input.customer.name,
    customer_phone: input.customer.phoneNumber,
    // Only the century-and-sex digit of the resident number is ever kept (CONTRACT §8).
    identity_digit: input.customer.identityNumber
      ? (readResidentNumber(input.customer.identityNumber)?.digit ?? null)
      : null,
    updated_at: now,
  };
  const existing = await findVerification(ctx.merchantId, storeId, id);
  assertCanSend(existing);
  if (existing) {
    await updateUnsent(existing.id, fields);
    return { ...existing, ...fields };
  }
  const record: VerificationRecord = {
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
    await insertVerification(record);
  } catch (error) {
    // A concurrent send of the same id won the insert.
    if (await findVerification(ctx.merchantId, storeId, id))
      throw new DomainError("IDENTITY_VERIFICATION_ALREADY_SENT", "this identity verification was already sent");
    throw error;
  }
  return record;
}

/**
 * POST /identity-verifications/{id}/send: SMS texts a fresh OTP, APP pushes to the carrier app.
 * The provider is called outside any DB transaction; the record turns "sent" only on success.
 */
export async function sendVerification({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: SendVerificationBody & { id: string };
}): Promise<Record<string, never>> {
  const store = await resolveIdentityStore(ctx, input.storeId);
  const channel = await requireStoreChannel(ctx.merchantId, store.id, input.channelKey, "identity", "channelKey");
  const row = await upsertUnsent(ctx, store.id, input.id, input, channel);
  const provider = identityProviderFor(channel);
  const request = {
    channel,
    operator: input.operator,
    name: input.customer.name,
    phoneNumber: input.customer.phoneNumber,
    identityNumber: input.customer.identityNumber,
  };
  const otp = input.method === "SMS" ? issueOtp(row.id) : null;
  const outcome = otp
    ? await provider.sendOtp({
        ...request,
        otp: otp.otp,
        expiresAt: otp.expiresAt,
        delivery: sandboxInboxDelivery(channel, row),
      })
    : await provider.sendAppPush(request);
  if (!outcome.ok) throw new ProviderError(outcome.pgCode, outcome.pgMessage);
  await transaction(async (tx) => {
    const sent = await markSent(
      row.id,
      {
        pgSession: outcome.pgSession,
        otpHash: otp?.hash ?? null,
        otpExpiresAt: otp?.expiresAt ?? null,
        now: Date.now(),
      },
      tx,
    );
    if (!sent)
      throw new DomainError("IDENTITY_VERIFICATION_ALREADY_SENT", "this identity verification was already sent");
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "identity_verification.send",
      targetId: input.id,
      after: { ...verificationSummary(row), status: "READY" },
    });
  });
  return {};
}
