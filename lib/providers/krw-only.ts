import { ProviderRefusal } from "./refusal";

/** Korean PGs' server APIs charge KRW only: anything else is refused before a call, naming the field. */
export function requireKrw(currency: string, pg: string): void {
  if (currency !== "KRW") throw new ProviderRefusal("currency", `currency: ${pg} takes KRW here, not ${currency}`);
}
