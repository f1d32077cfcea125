import type { IdentityProvider } from "./identity-types";
import { sandboxIdentityProvider } from "./sandbox/identity";
import type { ChannelRef, ProviderFailure } from "./types";
import { withProviderMetrics } from "@/lib/ops/provider-metrics";

const NOT_CONFIGURED: ProviderFailure = {
  ok: false,
  pgCode: "NO_LIVE_PROVIDER",
  pgMessage: "no live provider configured",
};

const liveNotConfigured: IdentityProvider = {
  sendOtp: async () => NOT_CONFIGURED,
  resendOtp: async () => NOT_CONFIGURED,
  sendAppPush: async () => NOT_CONFIGURED,
  confirm: async () => NOT_CONFIGURED,
};

/** Real identity adapters register here by pg_provider. */
export const liveIdentityAdapters: Partial<Record<string, IdentityProvider>> = {};

export function identityProviderFor(channel: Pick<ChannelRef, "type" | "pg_provider">): IdentityProvider {
  const provider =
    channel.type === "TEST"
      ? sandboxIdentityProvider
      : (liveIdentityAdapters[channel.pg_provider] ?? liveNotConfigured);
  return withProviderMetrics(provider, channel);
}
