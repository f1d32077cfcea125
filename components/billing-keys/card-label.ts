import type { WireBillingKey } from "@/lib/billing-keys/serialize";

type Detail = { card?: { detail?: { brand?: string; number?: string } }; mobile?: { carrier?: string } };

/** "VISA •••• 4242", or the phone carrier for a mobile key. */
export function cardLabel(key: Pick<WireBillingKey, "payment_method_detail">): string {
  const detail = key.payment_method_detail as Detail;
  if (detail.card) {
    const number = detail.card.detail?.number ?? "";
    return `${detail.card.detail?.brand ?? "CARD"} •••• ${number.slice(-4)}`;
  }
  return `MOBILE ${detail.mobile?.carrier ?? ""}`.trim();
}
