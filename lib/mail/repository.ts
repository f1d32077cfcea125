import { getDb, type Tx } from "@/lib/db/client";
import type { OutboxMailsTable } from "@/lib/db/tables/teams";

export type OutboxMailRow = OutboxMailsTable;

export async function insertOutboxMail(tx: Tx, row: OutboxMailRow): Promise<void> {
  await tx.insertInto("outbox_mails").values(row).execute();
}

/** The merchant's outbox, newest first. */
export async function latestOutboxMails(merchantId: string, limit: number): Promise<OutboxMailRow[]> {
  return getDb()
    .selectFrom("outbox_mails")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
