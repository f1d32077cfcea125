import { ProviderError } from "@/lib/errors/domain-error";
import { callProvider } from "@/lib/providers/call";
import type { ProviderFailure } from "@/lib/providers/types";
import { outcomeUnknownError } from "./unknown-outcome";

/**
 * The call of an operation that records nothing before it (void, escrow): it moves no money and
 * is idempotent at the provider, so no answer is an error the client retries, never looked up.
 */
export async function callWithoutRecord<T extends { ok: true }>(
  call: (signal: AbortSignal) => Promise<T | ProviderFailure>,
): Promise<T> {
  const result = await callProvider(call);
  if (!result.answered) throw outcomeUnknownError(result.reason);
  if (!result.value.ok) throw new ProviderError(result.value.pgCode, result.value.pgMessage);
  return result.value;
}
