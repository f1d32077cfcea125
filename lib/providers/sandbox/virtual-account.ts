import type { VirtualAccountProvider } from "../virtual-account-types";
import { assertReachable } from "./faults";
import { findPayment, findPaymentByOrder, setPaymentStatus } from "./ledger";

/** Voiding closes the account in the sandbox's ledger; a deposited account can no longer be voided. */
export const sandboxVirtualAccountProvider: VirtualAccountProvider = {
  async voidVirtualAccount({ pgTxId }) {
    assertReachable();
    if (await setPaymentStatus(pgTxId, "VIRTUAL_ACCOUNT_ISSUED", "VOIDED")) return { ok: true };
    const account = await findPayment(pgTxId);
    if (account?.status === "VOIDED") return { ok: true };
    return {
      ok: false,
      pgCode: "NOT_VOIDABLE",
      pgMessage: `the virtual account is ${account?.status ?? "unknown"} at the provider (sandbox)`,
    };
  },
};

/**
 * The bank's deposit into a sandbox virtual account (the TEST deposit-notice endpoint simulates
 * it). Idempotent; refused once the account is voided.
 */
export async function simulateSandboxDeposit(orderId: string): Promise<boolean> {
  const account = await findPaymentByOrder(orderId);
  if (account?.method !== "VIRTUAL_ACCOUNT") return false;
  if (account.status === "DEPOSITED") return true;
  return setPaymentStatus(account.pg_tx_id, "VIRTUAL_ACCOUNT_ISSUED", "DEPOSITED");
}
