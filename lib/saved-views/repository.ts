import { getDb, type Tx } from "@/lib/db/client";
import type { SavedViewsTable } from "@/lib/db/tables/teams";

export type SavedViewRow = SavedViewsTable;

/** The user's own views and the team's shared ones, by name. */
export async function viewsVisibleTo(merchantId: string, userId: string): Promise<SavedViewRow[]> {
  return getDb()
    .selectFrom("saved_views")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("shared", "=", 1)]))
    .orderBy("name")
    .execute();
}

export async function defaultViewIdOf(userId: string): Promise<string | null> {
  const user = await getDb().selectFrom("users").select("default_view_id").where("id", "=", userId).executeTakeFirst();
  return user?.default_view_id ?? null;
}

export async function findView(merchantId: string, id: string): Promise<SavedViewRow | undefined> {
  return getDb()
    .selectFrom("saved_views")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
}

export async function insertView(tx: Tx, row: SavedViewRow): Promise<void> {
  await tx.insertInto("saved_views").values(row).execute();
}

export async function renameViewRow(tx: Tx, id: string, name: string, now: number): Promise<void> {
  await tx.updateTable("saved_views").set({ name, updated_at: now }).where("id", "=", id).execute();
}

/** Deletes the view and clears it as anyone's default. */
export async function deleteViewRow(tx: Tx, id: string): Promise<void> {
  await tx.updateTable("users").set({ default_view_id: null }).where("default_view_id", "=", id).execute();
  await tx.deleteFrom("saved_views").where("id", "=", id).execute();
}

export async function setUserDefaultView(userId: string, viewId: string | null): Promise<void> {
  await getDb().updateTable("users").set({ default_view_id: viewId }).where("id", "=", userId).execute();
}
