import { ProviderError } from "@/lib/errors/domain-error";
import type { ChannelRef } from "@/lib/providers/types";
import { openSealedOrThrow, sealText } from "@/lib/sealed";
import { sealedChannelSecret } from "./repository";

const PURPOSE = "channel-secret-key";

export function sealChannelSecret(secretKey: string): { secretKeySealed: string; secretKeyHint: string } {
  return { secretKeySealed: sealText(PURPOSE, secretKey), secretKeyHint: secretKey.slice(-4) };
}

/** The LIVE channel's provider secret key, opened for one call. Never logged, never returned to a client. */
export async function secretKeyForChannel(channel: Pick<ChannelRef, "id">): Promise<string> {
  const sealed = await sealedChannelSecret(channel.id);
  // Nothing was sent anywhere: a definite refusal (callProvider passes DomainErrors on as refusals).
  if (!sealed) throw new ProviderError("CHANNEL_NOT_CONNECTED", "this LIVE channel has no provider credentials");
  return openSealedOrThrow(PURPOSE, sealed);
}
