import type { AuthContext } from "@/lib/auth/context";
import { flushChannelCalls } from "./call-log";
import { circuitBlocks } from "./availability";
import {
  type CircuitState,
  channelsCalledSince,
  countCalls,
  latencyAtRank,
  listCircuitsWithChannels,
  listStorePaymentChannels,
  readCircuits,
} from "./repository";

export const HEALTH_WINDOW_MS = 60 * 60 * 1000;

/** A channel's health over the last hour (docs/routing.md, "Reading channel health"). */
export type ChannelHealth = {
  channelId: string;
  key: string;
  name: string;
  pgProvider: string;
  type: "LIVE" | "TEST";
  calls: number;
  /** Shares of the hour's payment calls, null without calls. */
  successRate: number | null;
  declineRate: number | null;
  failureRate: number | null;
  p95LatencyMs: number | null;
  circuit: { state: CircuitState; consecutiveFailures: number; openedAt: number | null; blocking: boolean };
};

/** Health of the given channels (id, key, name, provider, type) over the hour before `now`. */
export async function healthOf(
  channels: { id: string; key: string; name: string; pg_provider: string; type: "LIVE" | "TEST" }[],
  now = Date.now(),
): Promise<ChannelHealth[]> {
  await flushChannelCalls();
  const ids = channels.map((c) => c.id);
  const since = now - HEALTH_WINDOW_MS;
  const [counts, circuits] = await Promise.all([countCalls(ids, since), readCircuits(ids)]);
  const circuitOf = new Map(circuits.map((c) => [c.channel_id, c]));
  return Promise.all(
    channels.map(async (c) => {
      const mine = counts.filter((row) => row.channel_id === c.id);
      const of = (outcome: string) => mine.find((row) => row.outcome === outcome)?.calls ?? 0;
      const calls = mine.reduce((sum, row) => sum + row.calls, 0);
      const rate = (n: number) => (calls === 0 ? null : n / calls);
      const circuit = circuitOf.get(c.id);
      return {
        channelId: c.id,
        key: c.key,
        name: c.name,
        pgProvider: c.pg_provider,
        type: c.type,
        calls,
        successRate: rate(of("SUCCEEDED")),
        declineRate: rate(of("DECLINED")),
        failureRate: rate(of("FAILED")),
        p95LatencyMs: calls === 0 ? null : await latencyAtRank(c.id, since, Math.ceil(calls * 0.95) - 1),
        circuit: {
          state: circuit?.state ?? "CLOSED",
          consecutiveFailures: circuit?.consecutive_failures ?? 0,
          openedAt: circuit?.opened_at == null ? null : Number(circuit.opened_at),
          blocking: circuitBlocks(circuit, now),
        },
      };
    }),
  );
}

/** The current store's payment channels with their health (Channels page; OWNER/ADMIN). */
export async function listChannelHealth({ ctx }: { ctx: AuthContext }): Promise<ChannelHealth[]> {
  const channels = (await listStorePaymentChannels(ctx.merchantId, ctx.storeId)).filter((c) => c.is_for_payment === 1);
  return healthOf(channels);
}

/** Channels of the store whose circuit is open now (the overview's attention item). */
export async function openCircuits({ ctx }: { ctx: AuthContext }): Promise<{ key: string; name: string }[]> {
  const channels = await listStorePaymentChannels(ctx.merchantId, ctx.storeId);
  const circuits = await readCircuits(channels.map((c) => c.id));
  const open = new Set(circuits.filter((c) => c.state !== "CLOSED").map((c) => c.channel_id));
  return channels.filter((c) => open.has(c.id)).map((c) => ({ key: c.key, name: c.name }));
}

/** Every channel with calls in the last hour or a circuit row, with its health (/metrics). */
export async function recentChannelHealth(now = Date.now()): Promise<ChannelHealth[]> {
  await flushChannelCalls();
  const [called, circuits] = await Promise.all([
    channelsCalledSince(now - HEALTH_WINDOW_MS),
    listCircuitsWithChannels(),
  ]);
  const byId = new Map<string, { id: string; key: string; name: string; pg_provider: string; type: "LIVE" | "TEST" }>();
  for (const c of called)
    byId.set(c.id, { id: c.id, key: c.key, name: c.key, pg_provider: c.pg_provider, type: c.type });
  for (const c of circuits)
    byId.set(c.channel_id, {
      id: c.channel_id,
      key: c.channel_key,
      name: c.channel_key,
      pg_provider: c.pg_provider,
      type: c.type,
    });
  return healthOf([...byId.values()], now);
}
