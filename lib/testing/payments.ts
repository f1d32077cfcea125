import { newId } from "@/lib/ids";
import type { newMerchant } from "./fixtures";

/** Request bodies and helpers shared by the payment API tests. */
type Merchant = Awaited<ReturnType<typeof newMerchant>>;

export function paymentChannelKey(m: Pick<Merchant, "channels">, pg = "TOSSPAYMENTS"): string {
  return m.channels.find((c) => c.pg_provider === pg)!.key;
}

export function newPaymentId(): string {
  return newId("pay-");
}

export function cardCredential(cardNumber: string) {
  return {
    card_number: cardNumber,
    expiry_month: "12",
    expiry_year: "2099",
    birth_or_business_registration_number: "900101",
    password_two_digits: "12",
  };
}

export function cardPayBody(
  m: Pick<Merchant, "channels">,
  cardNumber = "4242424242424242",
  overrides: Record<string, unknown> = {},
) {
  return {
    channel_key: paymentChannelKey(m),
    order_name: "Test order",
    total_amount: 11000,
    currency: "KRW",
    payment_method_option: { card: { card_credential: cardCredential(cardNumber), cvc: "123" } },
    ...overrides,
  };
}

export function virtualAccountPayBody(m: Pick<Merchant, "channels">, overrides: Record<string, unknown> = {}) {
  return {
    channel_key: paymentChannelKey(m),
    order_name: "Bank transfer order",
    total_amount: 50000,
    currency: "KRW",
    payment_method_option: {
      virtual_account: { bank: "KOOKMIN_BANK", account_expiry: { valid_hours: 24 }, account_type: "NORMAL" },
    },
    ...overrides,
  };
}

/** Pays a new payment id by card and returns the id. */
export async function paidPayment(
  m: Merchant,
  cardNumber = "4242424242424242",
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const id = newPaymentId();
  const res = await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, cardNumber, overrides));
  if (res.status !== 200) throw new Error(`payment failed: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}
