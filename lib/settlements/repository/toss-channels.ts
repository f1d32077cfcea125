import { getDb } from "@/lib/db/client";
import { enqueue } from "@/lib/jobs/queue";

/** LIVE Toss Payments channels that hold a secret: the ones whose settlement report can be read. */
export async function liveTossChannels(scope: { merchantId?: string; storeId?: string; channelId?: string } = {}) {
  let query = getDb()
    .selectFrom("channels as c")
    .innerJoin("channel_credentials as k", "k.channel_id", "c.id")
    .select(["c.id", "c.key", "c.type", "c.pg_provider", "c.pg_merchant_id", "c.merchant_id", "c.store_id"])
    .where("c.type", "=", "LIVE")
    .where("c.pg_provider", "=", "TOSSPAYMENTS");
  if (scope.merchantId) query = query.where("c.merchant_id", "=", scope.merchantId);
  if (scope.storeId) query = query.where("c.store_id", "=", scope.storeId);
  if (scope.channelId) query = query.where("c.id", "=", scope.channelId);
  return query.orderBy("c.id").execute();
}

/** Which of these PG keys a channel's settlements already hold (a re-read records them no more). */
export async function recordedPgKeys(channelId: string, pgKeys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < pgKeys.length; i += 500) {
    const rows = await getDb()
      .selectFrom("settlements")
      .select("pg_key")
      .where("channel_id", "=", channelId)
      .where("status", "=", "CONFIRMED")
      .where("pg_key", "in", pgKeys.slice(i, i + 500))
      .execute();
    for (const r of rows) if (r.pg_key) found.add(r.pg_key);
  }
  return found;
}

/** Books one channel's daily read; the dedupe key makes every worker's booking of that day one job. */
export async function bookDailyRead(queue: string, channel: { id: string; merchant_id: string }, day: string) {
  await enqueue(getDb(), {
    queue,
    payload: { channelId: channel.id, day },
    dedupeKey: `${queue}:${channel.id}:${day}`,
    merchantId: channel.merchant_id,
  });
}
