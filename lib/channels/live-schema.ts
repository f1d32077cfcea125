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

/** Replacing a LIVE channel's secret key (dashboard, OWNER/ADMIN). */
export const changeChannelKeyInput = z.object({ channelId: idRef, secretKey: liveSecretKey });
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
