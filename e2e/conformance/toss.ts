import { randomBytes } from "node:crypto";
import { newId } from "@/lib/ids";
import { paymentProviderChooser } from "@/lib/providers/registry";
import { createTossPaymentsAdapter } from "@/lib/providers/tosspayments/adapter";
import type { ChannelRef } from "@/lib/providers/types";
import { cardCredential } from "@/lib/testing/payments";
import { startTossFake, type TossFake } from "../toss-fake/server";
import type { AdapterHarness } from "./harness";

/** Toss Payments' adapter against the wire-level fake of Toss's v1 API (e2e/toss-fake). */
let fake: TossFake | null = null;
const secretKeys = new Map<string, string>();
const adapter = createTossPaymentsAdapter({
  secretKeyFor: async (channel) => secretKeys.get(channel.id) ?? "live_sk_unknown",
});

function running(): TossFake {
  if (!fake) throw new Error("the Toss fake is not started");
  return fake;
}

export const tossHarness: AdapterHarness = {
  name: "TOSSPAYMENTS",
  offers: { virtualAccounts: true, transactionListing: true },
  async start() {
    fake = await startTossFake({ slowMs: 2_500 });
    process.env.TOSS_API_BASE = fake.baseUrl;
  },
  async stop() {
    delete process.env.TOSS_API_BASE;
    await fake?.close();
    fake = null;
  },
  async newChannel(): Promise<ChannelRef> {
    const secretKey = `live_sk_${randomBytes(12).toString("base64url")}`;
    const channel: ChannelRef = {
      id: newId("ch_"),
      key: newId("channel-key-"),
      type: "LIVE",
      pg_provider: "TOSSPAYMENTS",
      pg_merchant_id: `mid_${secretKey.slice(-6)}`,
    };
    secretKeys.set(channel.id, secretKey);
    return channel;
  },
  providerFor: (channel) => paymentProviderChooser({ TOSSPAYMENTS: adapter })(channel),
  cards: { approved: cardCredential("4242424242424242"), declined: cardCredential("4000000000000002") },
  fault: (kind, text) => `${text} [toss:${kind === "unreadable" ? "nocode" : kind}]`,
  slowMs: 2_500,
  async deposit(channel, txId) {
    running().deposit(secretKeys.get(channel.id)!, txId);
  },
  refundAccount: { bank: "KB", accountNumber: "123-456-7890", holderName: "Hong Gildong" },
  answerUnmaskedCards(on) {
    running().quirks = on ? { unmaskedCards: true } : {};
  },
};
