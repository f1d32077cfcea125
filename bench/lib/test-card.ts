/** The sandbox's test card, approved: every benchmark pays or issues billing keys with it. */
export const TEST_CARD_CREDENTIAL = {
  card_number: "4242424242424242",
  expiry_month: "12",
  expiry_year: "2099",
  birth_or_business_registration_number: "900101",
  password_two_digits: "12",
};

/** An instant-pay body (KRW 11,000, the test card) through the given channel. */
export function cardPayment(channelKey: string) {
  return {
    channel_key: channelKey,
    order_name: "Bench order",
    total_amount: 11000,
    currency: "KRW",
    payment_method_option: { card: { card_credential: TEST_CARD_CREDENTIAL, cvc: "123" } },
  };
}
