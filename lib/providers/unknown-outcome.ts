/**
 * Why a provider call has no definite outcome. The kind leads the recorded reason (`kind: detail`), so
 * the client and the timeline are told what happened instead of always blaming time.
 */
import type { NotProcessedCause } from "./not-processed";

export type UnknownOutcomeKind = "timeout" | "connection_lost" | "unreadable_answer" | "provider_error" | "in_progress";

export class ProviderOutcomeUnknown extends Error {
  /**
   * Set when the request certainly never reached the PG (./not-processed.ts). The outcome is still
   * recorded as unknown and looked up like any other; routing alone reads this to fail over.
   */
  notProcessed?: NotProcessedCause;

  constructor(
    readonly kind: UnknownOutcomeKind,
    message: string,
  ) {
    super(message);
    this.name = "ProviderOutcomeUnknown";
  }
}

/**
 * For a call made after another that may have moved money (a look-up after an "already approved"
 * answer): its failure to connect says nothing about the money, so the not-sent mark is dropped.
 */
export function afterPossibleProcessing(error: unknown): unknown {
  if (error instanceof ProviderOutcomeUnknown) error.notProcessed = undefined;
  return error;
}

/** The cause after which `error` certainly moved no money, if it is one. */
export function notProcessedCauseOf(error: unknown): NotProcessedCause | undefined {
  return error instanceof ProviderOutcomeUnknown ? error.notProcessed : undefined;
}

const SUMMARIES: Record<UnknownOutcomeKind, string> = {
  timeout: "The provider did not answer in time.",
  connection_lost: "The connection to the provider was lost before its answer arrived.",
  unreadable_answer: "The provider's answer could not be read.",
  provider_error:
    "The provider answered with a server error, after which it may or may not have processed the request.",
  in_progress: "The provider is still processing an earlier identical request.",
};

export function unknownKindOf(error: unknown): UnknownOutcomeKind {
  return error instanceof ProviderOutcomeUnknown ? error.kind : "connection_lost";
}

/** The recorded reason: the kind first, then the detail. */
export function unknownReason(kind: UnknownOutcomeKind, detail: string): string {
  return `${kind}: ${detail}`;
}

/** One sentence saying what happened, from a recorded reason (a reason without a known kind: no sentence). */
export function unknownSummary(reason: string | null | undefined): string | null {
  const kind = reason?.slice(0, reason.indexOf(":")) as UnknownOutcomeKind | undefined;
  return kind && Object.hasOwn(SUMMARIES, kind) ? SUMMARIES[kind] : null;
}
