import { ProviderError } from "@/lib/api/error-codes";
import { getDb } from "@/lib/db/client";
import type { ChannelRef } from "@/lib/providers/types";
import { openSealedOrThrow, sealText } from "@/lib/sealed";

const PURPOSE = "channel-secret-key";

export function sealChannelSecret(secretKey: string): { secret_key_sealed: string; secret_key_hint: string } {
  return { secret_key_sealed: sealText(PURPOSE, secretKey), secret_key_hint: secretKey.slice(-4) };
}


/** The LIVE channel's provider secret key, opened for one call. Never logged, never returned to a client. */
export async function secretKeyForChannel(channel: Pick<ChannelRef, "id">): Promise<string> {
  const row = await getDb().selectFrom("channel_credentials").select("secret_key_sealed").where("channel_id", "=", channel.id).executeTakeFirst();
  // Nothing was sent anywhere: a definite refusal (callProvider passes DomainErrors on as refusals).
  if (!row) throw new ProviderError("CHANNEL_NOT_CONNECTED", "this LIVE channel has no provider credentials");
  return openSealedOrThrow(PURPOSE, row.secret_key_sealed);
}
