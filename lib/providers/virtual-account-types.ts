import type { ChannelRef, ProviderFailure } from "./types";

/** Virtual-account capabilities beyond issuance: voiding an issued, undeposited account at the provider. */
export interface VirtualAccountProvider {
  voidVirtualAccount(input: { channel: ChannelRef; pgTxId: string }): Promise<{ ok: true } | ProviderFailure>;
}
