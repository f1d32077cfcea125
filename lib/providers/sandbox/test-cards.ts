/** The sandbox's published test cards (docs and the dashboard's key-in form show them). */
/** CONTRACT §10 magic numbers. Any other Luhn-valid number is approved. */
export const SANDBOX_CARDS = {
  VISA_OK: "4242424242424242",
  MASTER_OK: "5555555555554444",
  DECLINED: "4000000000000002",
  INSUFFICIENT_FUNDS: "4000000000009995",
  PROVIDER_ERROR: "4000000000000119",
  BILLING_CHARGES_DECLINED: "4000000000000341",
  CANCEL_REFUSED: "4000000000000259",
} as const;
