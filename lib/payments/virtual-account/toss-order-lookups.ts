import { tossPayments } from "@/lib/channels/providers";
import { ProviderError, ThrottledError } from "@/lib/errors/domain-error";
import { callProvider } from "@/lib/providers/call";
import type { TossPayment } from "@/lib/providers/tosspayments/payment-object";
import type { ChannelRef } from "@/lib/providers/types";

/**
 * Toss's record of an order, as the public deposit callback reads it: one look-up per order at a
 * time (callbacks arriving together share it), the answer kept briefly so a stream of callbacks for
 * one order costs one call to Toss, and at most a few look-ups in flight per channel (the rest are
 * answered "retry later": Toss delivers a callback again when it gets anything but 200).
 *   DEPOSIT_CALLBACK_CACHE_MS (60000)   DEPOSIT_CALLBACK_LOOKUPS_PER_CHANNEL (4)
 */
type Entry = { at: number; answer: Promise<TossPayment | null> };
type State = { cache: Map<string, Entry>; inFlight: Map<string, number> };

// On globalThis: every route bundle of the process shares one cache and one count.
const shared = globalThis as unknown as { __tossOrderLookups?: State };
shared.__tossOrderLookups ??= { cache: new Map(), inFlight: new Map() };
const state = shared.__tossOrderLookups;

/** Entries kept at most (oldest dropped first): a flood of distinct orders cannot grow memory. */
const MAX_ENTRIES = 10_000;
/** Toss's first redelivery comes a minute after a failed one. */
const RETRY_AFTER_SECONDS = 60;

function setting(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export type OrderLookup = { payment: TossPayment | null; cached: boolean };

/**
 * Toss's answer for `orderId` on `channel`: the kept one when younger than the cache time and
 * `fresh` is not asked for. Throws 429 (retry later) when the channel has its maximum of
 * look-ups in flight, and PROVIDER_UNREACHABLE when Toss did not answer (nothing is kept then).
 */
export async function lookUpTossOrder({
  channel,
  orderId,
  fresh = false,
}: {
  channel: ChannelRef;
  orderId: string;
  fresh?: boolean;
}): Promise<OrderLookup> {
  const now = Date.now();
  const kept = state.cache.get(orderId);
  if (kept && !fresh && now - kept.at < setting("DEPOSIT_CALLBACK_CACHE_MS", 60_000))
    return { payment: await kept.answer, cached: true };
  const running = state.inFlight.get(channel.id) ?? 0;
  if (running >= setting("DEPOSIT_CALLBACK_LOOKUPS_PER_CHANNEL", 4)) throw new ThrottledError(RETRY_AFTER_SECONDS);
  state.inFlight.set(channel.id, running + 1);
  const answer = ask(channel, orderId).finally(() => {
    const left = (state.inFlight.get(channel.id) ?? 1) - 1;
    if (left > 0) state.inFlight.set(channel.id, left);
    else state.inFlight.delete(channel.id);
  });
  const entry = { at: now, answer };
  state.cache.delete(orderId);
  state.cache.set(orderId, entry);
  if (state.cache.size > MAX_ENTRIES) state.cache.delete(state.cache.keys().next().value!);
  try {
    return { payment: await answer, cached: false };
  } catch (error) {
    if (state.cache.get(orderId) === entry) state.cache.delete(orderId);
    throw error;
  }
}

async function ask(channel: ChannelRef, orderId: string): Promise<TossPayment | null> {
  const asked = await callProvider((signal) => tossPayments.fetchOrder({ channel, orderId, signal }));
  if (!asked.answered)
    throw new ProviderError(
      "PROVIDER_UNREACHABLE",
      "Toss Payments could not be asked to confirm the deposit; deliver again later",
    );
  return asked.value;
}

/** Forgets every kept answer (tests). */
export function clearTossOrderLookups(): void {
  state.cache.clear();
}
