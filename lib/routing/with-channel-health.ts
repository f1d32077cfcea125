import { logger } from "@/lib/ops/logger";
import type { PaymentProviderFor } from "@/lib/providers/registry";
import { isUnavailableRefusal } from "@/lib/providers/not-processed";
import { ProviderRefusal } from "@/lib/providers/refusal";
import type { ChannelRef, PaymentProvider, ProviderFailure } from "@/lib/providers/types";
import { ProviderOutcomeUnknown } from "@/lib/providers/unknown-outcome";
import { logChannelCall } from "./call-log";
import { type CircuitPass, passCircuit, reportToCircuit } from "./circuit";

/** The calls that ask a PG to move money (or hold it): these pass the circuit and count for health. */
const PAYMENT_CALLS = new Set(["approveCard", "issueVirtualAccount", "chargeBillingKey"]);

/** The answer to a call the open circuit kept from the PG: refused, nothing sent, no money moved. */
export const CIRCUIT_OPEN_CODE = "CHANNEL_CIRCUIT_OPEN";

function circuitOpen(): ProviderFailure {
  return {
    ok: false,
    pgCode: CIRCUIT_OPEN_CODE,
    pgMessage: "the channel's circuit is open after repeated provider failures: the call was not sent",
  };
}

/** Circuit and health bookkeeping never decide a payment: a database hiccup here is logged only. */
async function quietly(what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    logger.warn({ err: error }, `channel health: ${what} failed`);
  }
}

async function passOrAllow(channelId: string): Promise<CircuitPass> {
  try {
    return await passCircuit(channelId);
  } catch (error) {
    logger.warn({ err: error }, "channel health: circuit read failed, calling the provider");
    return { allowed: true, probe: false, dirty: false };
  }
}

async function guarded(
  call: (input: { channel: ChannelRef }) => Promise<unknown>,
  input: { channel: ChannelRef },
): Promise<unknown> {
  const { channel } = input;
  const pass = await passOrAllow(channel.id);
  if (!pass.allowed) return circuitOpen();
  const started = performance.now();
  const report = (outcome: "SUCCEEDED" | "DECLINED" | "FAILED") =>
    quietly("recording the call", async () => {
      logChannelCall(channel.id, outcome, performance.now() - started);
      await reportToCircuit(channel.id, outcome !== "FAILED", pass);
    });
  try {
    const result = (await call(input)) as { ok: boolean; pgCode?: string };
    const unavailable = !result.ok && isUnavailableRefusal(channel, result.pgCode ?? "");
    await report(result.ok ? "SUCCEEDED" : unavailable ? "FAILED" : "DECLINED");
    return result;
  } catch (error) {
    // A refusal at our own front door never reached the PG; a replay in progress means it is alive.
    const alive =
      error instanceof ProviderRefusal || (error instanceof ProviderOutcomeUnknown && error.kind === "in_progress");
    if (!alive) await report("FAILED");
    throw error;
  }
}

function wrap(provider: PaymentProvider): PaymentProvider {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const member: unknown = Reflect.get(target, property, receiver);
      if (typeof member !== "function" || typeof property !== "string" || !PAYMENT_CALLS.has(property)) return member;
      return (input: { channel: ChannelRef }) =>
        guarded((i) => (member as (i: unknown) => Promise<unknown>).apply(target, [i]), input);
    },
  });
}

const wrapped = new WeakMap<PaymentProvider, PaymentProvider>();

/**
 * The chooser with each channel's payment calls behind its circuit and logged for channel health
 * (./circuit.ts, ./call-log.ts). Look-ups, cancels and listings pass untouched: they move no new
 * money and must reach the PG whatever the circuit says.
 */
export function withChannelHealth(choose: PaymentProviderFor): PaymentProviderFor {
  return (channel) => {
    const provider = choose(channel);
    let found = wrapped.get(provider);
    if (!found) {
      found = wrap(provider);
      wrapped.set(provider, found);
    }
    return found;
  };
}
