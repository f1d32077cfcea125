import { randomBytes } from "node:crypto";
import { connectNiceChannel, setChannelEnabled } from "@/lib/channels/live";
import { inProcess, newMerchant } from "./fixtures";
import { ownerContext } from "./toss-live";

/** NICE-shaped keys: a client key (S2_ and 32 hex) and a 32-character secret key. */
export function niceKeys(): { clientKey: string; secretKey: string } {
  return { clientKey: `S2_${randomBytes(16).toString("hex")}`, secretKey: randomBytes(16).toString("hex") };
}

/**
 * A merchant (in-process client: the adapter runs in this process, pointed at the NICE fake by
 * NICE_API_BASE) with an enabled LIVE NICE Payments channel connected the way the dashboard does.
 */
export async function merchantWithLiveNice() {
  const m = inProcess(await newMerchant());
  const keys = niceKeys();
  const connected = await connectNiceChannel({ ctx: ownerContext(m), input: { name: "NICE live", ...keys } });
  if (!connected.testedAt) throw new Error(`connection test failed: ${connected.testError}`);
  const channel = await setChannelEnabled({ ctx: ownerContext(m), input: { channelId: connected.id, enabled: true } });
  return { ...m, live: { ...channel, ...keys } };
}
