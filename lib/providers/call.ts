import { ProviderRefusal } from "./refusal";
import type { NotProcessedCause } from "./not-processed";
import { notProcessedCauseOf, unknownKindOf, unknownReason } from "./unknown-outcome";

/**
 * Every provider call goes through `callProvider`: bounded by PROVIDER_TIMEOUT_MS, anything but a
 * definite answer is `answered: false` (unknown, looked up, never a failure); a ProviderRefusal passes.
 */
export type CallResult<T> =
  | { answered: true; value: T }
  /** `notProcessed`: the request certainly never reached the provider (./not-processed.ts). */
  | { answered: false; reason: string; notProcessed?: NotProcessedCause };

const DEFAULT_TIMEOUT_MS = 30_000;
/** Unknown outcomes are looked up no later than 60 s after the call began: the call must end well before. */
const MAX_PROVIDER_TIMEOUT_MS = 45_000;

export function providerTimeoutMs(): number {
  const configured = Number(process.env.PROVIDER_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS);
  if (!Number.isFinite(configured) || configured <= 0) return DEFAULT_TIMEOUT_MS;
  return Math.min(Math.max(configured, 50), MAX_PROVIDER_TIMEOUT_MS);
}

class ProviderTimeout extends Error {
  constructor(ms: number) {
    super(`the provider did not answer within ${ms} ms`);
    this.name = "ProviderTimeout";
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

export async function callProvider<T>(
  call: (signal: AbortSignal) => Promise<T>,
  options: {
    timeoutMs?: number;
    /** Called with the answer should it arrive after the caller stopped waiting (a late answer). */
    onLateAnswer?: (value: T) => void;
  } = {},
): Promise<CallResult<T>> {
  const timeoutMs = options.timeoutMs ?? providerTimeoutMs();
  const controller = new AbortController();
  const pending = Promise.resolve().then(() => call(controller.signal));
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    const first = await Promise.race([pending, timedOut]);
    if (first === "timeout") {
      controller.abort(new ProviderTimeout(timeoutMs));
      pending.then((value) => options.onLateAnswer?.(value)).catch(() => undefined);
      return { answered: false, reason: unknownReason("timeout", new ProviderTimeout(timeoutMs).message) };
    }
    return { answered: true, value: first as T };
  } catch (error) {
    if (error instanceof ProviderRefusal) throw error;
    const notProcessed = notProcessedCauseOf(error);
    const reason = unknownReason(unknownKindOf(error), describe(error));
    return notProcessed ? { answered: false, reason, notProcessed } : { answered: false, reason };
  } finally {
    clearTimeout(timer);
  }
}
