import { signatureHeader } from "./secret";

/** The headers of one attempt: JSON body, Standard Webhooks id / timestamp / signature(s). */
export function signWebhook(input: {
  id: string;
  body: string;
  secrets: string[];
  now: number;
}): Record<string, string> {
  const timestamp = Math.floor(input.now / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "PaymentPlatform-Webhooks/1.0",
    "webhook-id": input.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatureHeader(input.secrets, input.id, timestamp, input.body),
  };
}
