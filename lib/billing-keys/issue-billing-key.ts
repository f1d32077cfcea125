import { recordAudit } from "@/lib/audit/record";
import { ProviderError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { requireStoreChannel } from "@/lib/channels/repository";
import { serializeChannel } from "@/lib/channels/serialize";
import { toCustomer } from "@/lib/customers/to-customer";
import { transaction } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { callProvider } from "@/lib/providers/call";
import { unknownSummary } from "@/lib/providers/unknown-outcome";
import { paymentProviderFor } from "@/lib/channels/providers";
import { digitsOnly, maskCardNumber } from "@/lib/cards/card-number";
import type { CardInfo } from "@/lib/providers/types";
import { resolveStore } from "@/lib/tenancy/scope";
import { toRfc3339 } from "@/lib/time";
import { type BillingKeyRecord, insertBillingKey } from "./repository";
import type { IssueBillingKeyInput } from "./schema";

/** The spec's card detail: what may be kept of a card (no number, CVC or password). */
function cardDetail(card: CardInfo) {
  return {
    number: card.number,
    publisher: card.publisher,
    issuer: card.issuer,
    brand: card.brand,
    card_type: card.card_type,
    card_owner_type: card.card_owner_type,
    bin: card.bin,
    name: card.name,
  };
}

/**
 * POST /v2/billing-keys. The provider is asked first; its answer is stored either way, so a
 * declined issuance leaves a FAILED key (CONTRACT §4) and answers PG_PROVIDER_ERROR.
 */
export async function issueBillingKey({ ctx, input }: { ctx: AuthContext; input: IssueBillingKeyInput }) {
  const store = await resolveStore(ctx, input.store_id);
  const channel = await requireStoreChannel(ctx.merchantId, store.id, input.channel_key, "payment", "channel_key");
  const customer = toCustomer(input.customer);
  const { card, mobile_phone: mobile } = input.payment_method_option;
  const requestedAt = Date.now();
  const id = newId("billing-key-");
  const called = await callProvider((signal) =>
    paymentProviderFor(channel).issueBillingKey({
      channel,
      signal,
      billingKeyId: id,
      card: card?.card_credential,
      mobile: mobile ? { carrier: mobile.carrier } : undefined,
    }),
  );
  // Issuance moves no money: without an answer the key is recorded as not issued (a retry issues another).
  const result = called.answered
    ? called.value
    : ({
        ok: false,
        pgCode: "PROVIDER_OUTCOME_UNKNOWN",
        pgMessage: `${unknownSummary(called.reason) ?? "The provider gave no definite answer."} (${called.reason})`,
      } as const);
  const issuedAt = Date.now();
  const number = card ? digitsOnly(card.card_credential.card_number) : null;
  const cardInfo = result.ok ? result.card : undefined;
  const detail = card
    ? {
        card: {
          detail: cardInfo ? cardDetail(cardInfo) : { number: maskCardNumber(number!), bin: number!.slice(0, 6) },
        },
      }
    : { mobile: { carrier: mobile?.carrier, phone_number: customer.phone_number } };
  const row: BillingKeyRecord = {
    id,
    merchant_id: ctx.merchantId,
    store_id: store.id,
    channel_id: channel.id,
    channel: serializeChannel(channel),
    status: result.ok ? "ISSUED" : "FAILED",
    method: card ? "CARD" : "MOBILE",
    customer_id: customer.id ?? null,
    customer,
    origin: ctx.origin,
    custom_data: input.custom_data ?? null,
    issue_id: input.issue_id ?? null,
    issue_name: input.issue_name ?? null,
    payment_method_detail: detail,
    card_number: card ? (cardInfo?.number ?? maskCardNumber(number!)) : null,
    card_brand: cardInfo?.brand ?? null,
    pg_billing_key: result.ok ? result.pgBillingKey : null,
    failure_pg_code: result.ok ? null : result.pgCode,
    failure_pg_message: result.ok ? null : result.pgMessage,
    requested_at: requestedAt,
    issued_at: result.ok ? issuedAt : null,
    deleted_at: null,
    created_at: requestedAt,
  };
  await transaction(async (tx) => {
    await insertBillingKey(tx, row);
    // A declined issuance is recorded too (its FAILED key is stored); the masked number only.
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "billing_key.issue",
      targetId: row.id,
      after: { status: row.status, method: row.method, card_number: row.card_number, store_id: row.store_id },
    });
  });
  if (!result.ok) throw new ProviderError(result.pgCode, result.pgMessage);
  return {
    billing_key: row.id,
    customer_id: row.customer_id,
    requested_at: toRfc3339(requestedAt),
    issued_at: toRfc3339(issuedAt),
  };
}
