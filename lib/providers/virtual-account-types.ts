import type { ProviderCallBase, ProviderFailure } from "./types";

/** Virtual-account capabilities beyond issuance: voiding an issued, undeposited account at the provider (idempotent on pgTxId). */
export interface VirtualAccountProvider {
  voidVirtualAccount(input: ProviderCallBase & { pgTxId: string }): Promise<{ ok: true } | ProviderFailure>;
}
