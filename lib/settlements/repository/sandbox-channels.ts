import { getDb } from "@/lib/db/client";

/**
 * TEST payment channels, whose settlement report the sandbox makes. With `expectedSince`, only
 * those with EXPECTED settlements paying out on or after that date (read from the per-day sums):
 * the daily read skips the many channels with nothing to confirm.
 */
export async function sandboxChannels(
  scope: { merchantId?: string; storeId?: string; channelId?: string; expectedSince?: string } = {},
) {
  let query = getDb()
    .selectFrom("channels as c")
    .select(["c.id", "c.key", "c.type", "c.pg_provider", "c.pg_merchant_id", "c.merchant_id", "c.store_id"])
    .where("c.type", "=", "TEST")
    .where("c.is_for_payment", "=", 1);
  if (scope.merchantId) query = query.where("c.merchant_id", "=", scope.merchantId);
  if (scope.storeId) query = query.where("c.store_id", "=", scope.storeId);
  if (scope.channelId) query = query.where("c.id", "=", scope.channelId);
  if (scope.expectedSince) {
    const since = scope.expectedSince;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("settlement_days as d")
          .select("d.channel_id")
          .whereRef("d.channel_id", "=", "c.id")
          .whereRef("d.store_id", "=", "c.store_id")
          .where("d.status", "=", "EXPECTED")
          .where("d.payout_on", ">=", since)
          .where("d.count", ">", 0),
      ),
    );
  }
  return query.orderBy("c.id").execute();
}
