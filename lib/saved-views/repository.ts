import { z } from "zod";
import { getDb, type Tx } from "@/lib/db/client";
import type { SavedViewsTable } from "@/lib/db/tables/teams";
import { PAYMENT_COLUMNS, type PaymentColumn } from "./schema";

export type SavedViewRow = SavedViewsTable;
/** A stored view with its column list parsed. */
export type SavedViewRecord = Omit<SavedViewRow, "columns"> & { columns: PaymentColumn[] };

/** The stored column list, without columns the payments table no longer has (a view outlives them). */
const storedColumns = z
  .array(z.string())
  .transform((columns) =>
    columns.filter((c): c is PaymentColumn => (PAYMENT_COLUMNS as readonly string[]).includes(c)),
  );

function toRecord(row: SavedViewRow): SavedViewRecord {
  return { ...row, columns: storedColumns.parse(JSON.parse(row.columns)) };
}

/** The user's own views and the team's shared ones, by name. */
export async function viewsVisibleTo(merchantId: string, userId: string): Promise<SavedViewRecord[]> {
  const rows = await getDb()
    .selectFrom("saved_views")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("shared", "=", 1)]))
    .orderBy("name")
    .execute();
  return rows.map(toRecord);
}

export async function defaultViewIdOf(userId: string): Promise<string | null> {
  const user = await getDb().selectFrom("users").select("default_view_id").where("id", "=", userId).executeTakeFirst();
  return user?.default_view_id ?? null;
}

export async function findView(merchantId: string, id: string): Promise<SavedViewRecord | undefined> {
  const row = await getDb()
    .selectFrom("saved_views")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
  return row && toRecord(row);
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
