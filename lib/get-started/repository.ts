import { sql } from "kysely";
import { getDb } from "@/lib/db/client";

const exists = async (q: { executeTakeFirst(): Promise<unknown> }) => (await q.executeTakeFirst()) !== undefined;

/** A LIVE channel in the store: the merchant connected its own provider contract. */
export function hasLiveChannel(merchantId: string, storeId: string) {
  return exists(
    getDb()
      .selectFrom("channels")
      .select("id")
      .where("merchant_id", "=", merchantId)
      .where("store_id", "=", storeId)
      .where("type", "=", sql.lit("LIVE"))
      .limit(1),
  );
}

/** A sandbox payment that was paid (later refunds do not undo the step). */
export function hasPaidTestPayment(merchantId: string, storeId: string) {
  return exists(
    getDb()
      .selectFrom("transactions")
      .select("id")
      .where("merchant_id", "=", merchantId)
      .where("store_id", "=", storeId)
      .where("channel_type", "=", sql.lit("TEST"))
      .where("paid_at", "is not", null)
      .limit(1),
  );
}

export function hasWebhookUrl(merchantId: string, storeId: string) {
  return exists(
    getDb()
      .selectFrom("webhook_endpoints")
      .select("id")
      .where("merchant_id", "=", merchantId)
      .where("store_id", "=", storeId)
      .limit(1),
  );
}

/** A second member, or an invitation sent (pending or accepted, not revoked). */
export async function hasInvitedTeammate(merchantId: string) {
  const members = await getDb()
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("merchant_id", "=", merchantId)
    .executeTakeFirstOrThrow();
  if (Number(members.n) > 1) return true;
  return exists(
    getDb()
      .selectFrom("invitations")
      .select("id")
      .where("merchant_id", "=", merchantId)
      .where("revoked_at", "is", null)
      .limit(1),
  );
}
