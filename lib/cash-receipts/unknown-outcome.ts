import { ProviderError } from "@/lib/errors/domain-error";
import { unknownSummary } from "@/lib/providers/unknown-outcome";

/** A PG call on a cash receipt that got no definite answer: 500 PG_PROVIDER_ERROR, PROVIDER_OUTCOME_UNKNOWN. */
export function unknownReceiptOutcome(reason: string): ProviderError {
  return new ProviderError(
    "PROVIDER_OUTCOME_UNKNOWN",
    `${unknownSummary(reason) ?? "The provider gave no definite answer."} (${reason})`,
  );
}
