import { ProviderError } from "@/lib/errors/domain-error";
import { unknownSummary } from "@/lib/providers/unknown-outcome";

// Why the call that returned this record had no answer: what its verb tells the client.
const unknownReasons = new WeakMap<object, string>();

/** Notes why `record`'s call had no definite answer (read back by `outcomeUnknownError`). */
export function rememberUnknown<T extends object>(record: T, reason: string): T {
  unknownReasons.set(record, reason);
  return record;
}

/** The provider's outcome is not known yet: a provider error saying what happened, when the call told us. */
export function outcomeUnknownError(record?: object | string): ProviderError {
  const reason = typeof record === "string" ? record : record ? unknownReasons.get(record) : undefined;
  const what = unknownSummary(reason) ?? "The provider's outcome is not known yet.";
  return new ProviderError(
    "PROVIDER_OUTCOME_UNKNOWN",
    `${what} The outcome is being looked up: read the payment (status PENDING until settled) or retry with the same Idempotency-Key.`,
  );
}
