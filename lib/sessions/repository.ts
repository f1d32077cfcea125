import { getDb, type Db, type Tx } from "@/lib/db/client";

/** The database or the transaction of the change that ends sessions. */
export type SessionsDb = Db | Tx;

export async function insertSession(row: { id: string; userId: string; now: number; expiresAt: number }) {
  await getDb()
    .insertInto("dashboard_sessions")
    .values({ id: row.id, user_id: row.userId, created_at: row.now, expires_at: row.expiresAt, ended_at: null })
    .execute();
}

/** Whether the session is live and belongs to this user: one primary-key read. */
export async function sessionIsLive(id: string, userId: string, now: number): Promise<boolean> {
  const row = await getDb()
    .selectFrom("dashboard_sessions")
    .select("id")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("ended_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markSessionEnded(id: string, now: number): Promise<void> {
  await getDb()
    .updateTable("dashboard_sessions")
    .set({ ended_at: now })
    .where("id", "=", id)
    .where("ended_at", "is", null)
    .execute();
}

/** Ends every live session of the user but `keep` (the one making the change), in the change's transaction. */
export async function markUserSessionsEnded(db: SessionsDb, userId: string, now: number, keep?: string): Promise<void> {
  let query = db
    .updateTable("dashboard_sessions")
    .set({ ended_at: now })
    .where("user_id", "=", userId)
    .where("ended_at", "is", null);
  if (keep) query = query.where("id", "<>", keep);
  await query.execute();
}
