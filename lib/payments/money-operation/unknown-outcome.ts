import { ProviderError } from "@/lib/errors/domain-error";
import type { NotProcessedCause } from "@/lib/providers/not-processed";
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

// Records whose call certainly never reached the provider (lib/providers/not-processed.ts), with why.
const notSent = new WeakMap<object, NotProcessedCause>();

/** Notes that `record`'s call never reached the provider (read back by channel-group failover). */
export function rememberNotSent<T extends object>(record: T, cause: NotProcessedCause): T {
  notSent.set(record, cause);
  return record;
}

/** Why the call that returned this unsettled record certainly moved no money, if it did not. */
export function notSentCause(record: object): NotProcessedCause | undefined {
  return notSent.get(record);
}
