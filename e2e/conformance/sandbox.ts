import { newId } from "@/lib/ids";
import { paymentProviderChooser } from "@/lib/providers/registry";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/test-cards";
import { simulateSandboxDeposit } from "@/lib/providers/sandbox/virtual-account";
import { cardCredential } from "@/lib/testing/payments";
import type { AdapterHarness } from "./harness";

/** The sandbox PG (every TEST channel): its ledger lives in our database, so it runs on both. */
export const sandboxHarness: AdapterHarness = {
  name: "SANDBOX",
  offers: { virtualAccounts: true, transactionListing: true },
  start: async () => undefined,
  stop: async () => undefined,
  newChannel: async () => ({
    id: newId("ch_"),
    key: newId("channel-key-"),
    type: "TEST",
    pg_provider: "TOSSPAYMENTS",
    pg_merchant_id: `mid_${newId().toLowerCase()}`,
  }),
  providerFor: (channel) => paymentProviderChooser({})(channel),
  cards: { approved: cardCredential(SANDBOX_CARDS.VISA_OK), declined: cardCredential(SANDBOX_CARDS.DECLINED) },
  fault: (kind, text) => `${text} [sandbox:${kind === "unreadable" ? "garbled" : kind}]`,
  // A slow fault lasts twice PROVIDER_TIMEOUT_MS (lib/providers/sandbox/hold.ts).
  slowMs: 600,
  deposit: async (_channel, txId) => {
    if (!(await simulateSandboxDeposit(txId))) throw new Error(`no sandbox account for ${txId}`);
  },
  refundAccount: { bank: "KB", accountNumber: "123-456-7890", holderName: "Hong Gildong" },
  // The sandbox reports cards from what it was sent, masked by the same boundary rule.
  answerUnmaskedCards: () => undefined,
};
