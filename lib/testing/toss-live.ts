import type { AuthContext } from "@/lib/auth/context";
import { connectTossChannel, setChannelEnabled } from "@/lib/channels/live";
import { randomBytes } from "node:crypto";
import { inProcess, newMerchant } from "./fixtures";

/** The merchant's dashboard owner, as an AuthContext for the channel verbs. */
export function ownerContext(
  m: { merchant_id: string; store_id: string },
  role: AuthContext["role"] = "OWNER",
): AuthContext {
  return {
    merchantId: m.merchant_id,
    storeId: m.store_id,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "PC", ip_address: "127.0.0.1" },
    role,
  };
}

export function liveSecretKey(): string {
  return `live_sk_${randomBytes(12).toString("base64url")}`;
}

/**
 * A merchant (in-process client: the adapter runs in this process, pointed at the fake by
 * TOSS_API_BASE) with an enabled LIVE Toss Payments channel connected the way the dashboard does.
 */
export async function merchantWithLiveToss() {
  const m = inProcess(await newMerchant());
  const secretKey = liveSecretKey();
  const connected = await connectTossChannel({
    ctx: ownerContext(m),
    input: { name: "Toss live", pgMerchantId: `mid_${secretKey.slice(-6)}`, secretKey },
  });
  if (!connected.testedAt) throw new Error(`connection test failed: ${connected.testError}`);
  const channel = await setChannelEnabled({ ctx: ownerContext(m), input: { channelId: connected.id, enabled: true } });
  return { ...m, live: { ...channel, secretKey } };
}
