import { metrics, type Metrics } from "./metrics";

type Labels = { provider: string; mode: string };

function outcomeOf(result: unknown): "ok" | "refused" {
  return result !== null && typeof result === "object" && (result as { ok?: unknown }).ok === false ? "refused" : "ok";
}

/** A proxy, so adapters written as classes (methods on the prototype) are timed too. */
function wrap<T extends object>(provider: T, labels: Labels, m: Metrics): T {
  const timed = new Map<PropertyKey, unknown>();
  return new Proxy(provider, {
    get(target, property, receiver) {
      const member: unknown = Reflect.get(target, property, receiver);
      if (typeof member !== "function" || typeof property !== "string") return member;
      if (!timed.has(property)) {
        timed.set(property, async (...args: unknown[]) => {
          const end = m.providerCallDuration.startTimer({ ...labels, operation: property });
          try {
            const result: unknown = await member.apply(target, args);
            end({ outcome: outcomeOf(result) });
            return result;
          } catch (error) {
            end({ outcome: "error" });
            throw error;
          }
        });
      }
      return timed.get(property);
    },
  });
}

const cache = new WeakMap<object, Map<string, object>>();

/**
 * The provider with every call timed into provider_call_duration_seconds (outcome ok, refused by
 * the provider, or error = threw: timeout, network). The provider itself when metrics are off.
 */
export function withProviderMetrics<T extends object>(provider: T, channel: { type: string; pg_provider: string }): T {
  const m = metrics();
  if (!m) return provider;
  const key = `${channel.type}:${channel.pg_provider}`;
  let byChannel = cache.get(provider);
  if (!byChannel) {
    byChannel = new Map();
    cache.set(provider, byChannel);
  }
  let wrapped = byChannel.get(key) as T | undefined;
  if (!wrapped) {
    wrapped = wrap(provider, { provider: channel.pg_provider, mode: channel.type }, m);
    byChannel.set(key, wrapped);
  }
  return wrapped;
}
