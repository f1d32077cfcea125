import type { CardCredential, ChannelRef, PaymentProvider, RefundAccount } from "@/lib/providers/types";

/**
 * What the provider conformance kit (e2e/api/provider-conformance.test.ts) needs of one adapter:
 * the adapter as the app chooses it, fresh accounts at its PG (or the PG's wire-level fake), test
 * cards, and the few levers a test pulls on the PG side. docs/providers.md says how to add one.
 */
export type FaultKind = "timeout" | "lost" | "network" | "unreadable";

export type AdapterHarness = {
  /** The channels' pg_provider, as the kit's test names show it. */
  name: string;
  /** What the PG's API offers; what it does not is checked to be refused clearly (docs/providers.md). */
  offers: { virtualAccounts: boolean; transactionListing: boolean };
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A fresh merchant account at the PG: every test works in its own. */
  newChannel(): Promise<ChannelRef>;
  /** The adapter behind the app's chooser (lib/providers/registry.ts), masking and all. */
  providerFor(channel: ChannelRef): PaymentProvider;
  cards: { approved: CardCredential; declined: CardCredential };
  /**
   * An order name or cancel reason the PG suffers `kind` on: processed slowly, answer lost, never
   * reached, or answered at once with something no client can use (nothing processed).
   */
  fault(kind: FaultKind, text: string): string;
  /** How long the PG takes over a call that suffers the timeout fault, once PROVIDER_TIMEOUT_MS is 300. */
  slowMs: number;
  /** The bank pays into the virtual account issued for `txId`. */
  deposit(channel: ChannelRef, txId: string): Promise<void>;
  refundAccount: RefundAccount;
  /** The PG answers card numbers unmasked from now on (false: as it normally does). */
  answerUnmaskedCards(on: boolean): void;
  /** Requests and answers the PG's published document does not allow, since the last call (a fake judged by one). */
  violations?: () => string[];
};
