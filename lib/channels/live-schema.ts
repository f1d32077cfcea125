import { z } from "zod";
import { idRef, text } from "@/lib/schema/fields";

/** Connecting a LIVE Toss Payments channel (dashboard, OWNER/ADMIN). Client-safe. */
// Live secret keys only: TEST channels are served by the built-in sandbox.
const liveSecretKey = z.string().regex(/^live_sk_[A-Za-z0-9_-]{8,200}$/, "a Toss Payments live secret key (live_sk_…)");

export const connectTossChannelInput = z.object({
  name: text(100).min(1),
  pgMerchantId: z.string().regex(/^[A-Za-z0-9_-]{2,64}$/, "letters, digits, - and _ (Toss MID)"),
  secretKey: liveSecretKey,
});
export type ConnectTossChannelInput = z.infer<typeof connectTossChannelInput>;

/**
 * Connecting a LIVE NICE Payments channel: NICE's client key (its public merchant identifier, kept as
 * the channel's pg_merchant_id) and secret key (32 characters: also encData's AES-256 key).
 */
const niceClientKey = z.string().regex(/^[SR]2_[A-Za-z0-9]{8,64}$/, "a NICE Payments client key (S2_… or R2_…)");
const niceSecretKey = z.string().regex(/^[A-Za-z0-9]{32}$/, "a NICE Payments secret key (32 letters and digits)");

export const connectNiceChannelInput = z.object({
  name: text(100).min(1),
  clientKey: niceClientKey,
  secretKey: niceSecretKey,
});
export type ConnectNiceChannelInput = z.infer<typeof connectNiceChannelInput>;

/** The secret a NICE channel keeps sealed: both keys, as NICE's Basic auth takes them. */
export function niceChannelSecret(input: { clientKey: string; secretKey: string }): string {
  return `${input.clientKey}:${input.secretKey}`;
}

/** Replacing a LIVE channel's secret key (dashboard, OWNER/ADMIN): Toss's, or NICE's (its client key stays). */
export const changeChannelKeyInput = z.object({ channelId: idRef, secretKey: z.union([liveSecretKey, niceSecretKey]) });
export type ChangeChannelKeyInput = z.infer<typeof changeChannelKeyInput>;

export const liveChannelRef = z.object({ channelId: idRef });

export const setChannelEnabledInput = z.object({ channelId: idRef, enabled: z.boolean() });

export type LiveChannelView = {
  id: string;
  key: string;
  name: string;
  pgProvider: string;
  pgMerchantId: string;
  type: "LIVE";
  enabled: boolean;
  secretKeyHint: string;
  testedAt: number | null;
  testError: string | null;
  createdAt: number;
};
