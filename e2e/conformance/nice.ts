import { randomBytes } from "node:crypto";
import { newId } from "@/lib/ids";
import { createNicePaymentsAdapter } from "@/lib/providers/nicepay/adapter";
import { paymentProviderChooser } from "@/lib/providers/registry";
import type { ChannelRef } from "@/lib/providers/types";
import { cardCredential } from "@/lib/testing/payments";
import { startNiceFake, type NiceFake } from "../nice-fake/server";
import type { AdapterHarness } from "./harness";

/** NICE Payments' adapter against the fake judged by NICE's own OpenAPI document (e2e/nice-fake). */
let fake: NiceFake | null = null;
const secrets = new Map<string, string>();
const adapter = createNicePaymentsAdapter({
  secretKeyFor: async (channel) => secrets.get(channel.id) ?? "S2_unknown:",
});

function running(): NiceFake {
  if (!fake) throw new Error("the NICE fake is not started");
  return fake;
}

export const niceHarness: AdapterHarness = {
  name: "NICE",
  offers: { virtualAccounts: false, transactionListing: false },
  async start() {
    fake = await startNiceFake({ slowMs: 2_500 });
    process.env.NICE_API_BASE = fake.baseUrl;
  },
  async stop() {
    delete process.env.NICE_API_BASE;
    await fake?.close();
    fake = null;
  },
  async newChannel(): Promise<ChannelRef> {
    const clientKey = `S2_${randomBytes(16).toString("hex")}`;
    const secretKey = randomBytes(16).toString("hex");
    const channel: ChannelRef = {
      id: newId("ch_"),
      key: newId("channel-key-"),
      type: "LIVE",
      pg_provider: "NICE",
      pg_merchant_id: clientKey,
    };
    secrets.set(channel.id, `${clientKey}:${secretKey}`);
    return channel;
  },
  providerFor: (channel) => paymentProviderChooser({ NICE: adapter })(channel),
  cards: { approved: cardCredential("4242424242424242"), declined: cardCredential("4000000000000002") },
  fault: (kind, text) => `${text} [nice:${kind === "unreadable" ? "garbled" : kind}]`,
  slowMs: 2_500,
  async deposit() {
    throw new Error("NICE's server API issues no virtual accounts");
  },
  refundAccount: { bank: "KB", accountNumber: "123-456-7890", holderName: "Hong Gildong" },
  answerUnmaskedCards(on) {
    running().quirks = on ? { unmaskedCards: true } : {};
  },
  violations: () => running().violations.splice(0),
};
