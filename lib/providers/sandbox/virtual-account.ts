import type { VirtualAccountProvider } from "../virtual-account-types";

/** The sandbox keeps no account state: voiding always succeeds (our record is what stops deposits). */
export const sandboxVirtualAccountProvider: VirtualAccountProvider = {
  async voidVirtualAccount() {
    return { ok: true };
  },
};
