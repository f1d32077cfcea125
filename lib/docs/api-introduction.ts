import { SANDBOX_CARDS } from "@/lib/providers/sandbox/test-cards";

/** What each sandbox card does (CONTRACT §10), keyed like SANDBOX_CARDS so the table cannot drift. */
const CARD_RESULTS: Record<keyof typeof SANDBOX_CARDS, string> = {
  VISA_OK: "Approved (VISA)",
  MASTER_OK: "Approved (MASTER)",
  DECLINED: "Declined: 500 `PG_PROVIDER_ERROR`, pg_code `CARD_DECLINED`",
  INSUFFICIENT_FUNDS: "Declined, pg_code `INSUFFICIENT_FUNDS`",
  PROVIDER_ERROR: "Provider error, pg_code `PROVIDER_ERROR`",
  BILLING_CHARGES_DECLINED: "A billing key is issued; every charge on it is declined (`CARD_DECLINED`)",
  CANCEL_REFUSED: "Approved; every cancellation is refused (`CANCEL_REFUSED`)",
};

/** The OpenAPI document's `info.description`: how to authenticate and how to test (rendered at /docs). */
export function apiIntroduction(): string {
  const cards = Object.entries(SANDBOX_CARDS).map(
    ([name, number]) => `| \`${number}\` | ${CARD_RESULTS[name as keyof typeof SANDBOX_CARDS]} |`,
  );
  return [
    "REST API of the payment platform: payments, cancellations, billing keys and scheduled payments, virtual accounts, cash receipts, identity verification, sub-stores and onboarding.",
    "",
    "## Authentication",
    "",
    "Create an API key in the dashboard (**Developers**) or with `npm run admin -- create-api-key`. Then either:",
    "",
    '- **Bearer** — exchange the key at `POST /login/api-key` (`{"apiKey": "sk_…"}`) for an access token (24 h) and a refresh token (7 days, rotated by `POST /v2/token-regeneration`), and send `Authorization: Bearer <access token>`;',
    "- **API key** — send the key itself: `Authorization: PortOne <api key>` (server-to-server).",
    "",
    "A key limited to one store sees only that store. POST requests accept an `Idempotency-Key` header (replayed for 24 h).",
    "",
    "## Testing with the sandbox",
    "",
    "Every store has TEST channels served by the built-in sandbox provider; no money moves. Use any future expiry, any 2 password digits and a 6-digit birth date (or a 10-digit business number).",
    "",
    "| Card number | Result |",
    "|---|---|",
    ...cards,
    "",
    "Any other Luhn-valid number is approved; a number failing the Luhn check is 400 `INVALID_REQUEST`.",
    "Identity verification: phone numbers starting `0109999` fail to send; read the OTP of a TEST verification at `GET /v2/test-identity-verifications/{id}/otp` or in the dashboard's sandbox inbox.",
    "Virtual accounts: simulate the deposit with `POST /v2/test-payments/{payment_id}/notice-virtual-account-deposit`.",
  ].join("\n");
}
