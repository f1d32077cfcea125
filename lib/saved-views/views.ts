import { DomainError } from "@/lib/api/error-codes";
import { recordAudit } from "@/lib/audit/record";
import { getDb, withTransaction } from "@/lib/db/client";
import type { DashboardContext } from "@/lib/dashboard/context";
import { newId } from "@/lib/ids";
import { PAYMENT_COLUMNS, type CreateViewInput, type PaymentColumn, type SavedView } from "./schema";

type Me = Pick<DashboardContext, "merchantId" | "userId" | "role">;

const notFound = () => new DomainError("NOT_FOUND", "view not found");

function cleanQuery(query: string): string {
  const params = new URLSearchParams(query);
  for (const key of ["view", "page", "cols"]) params.delete(key);
  return params.toString();
}

/** The user's own views and the team's shared ones, by name. */
export async function listViews(me: Me): Promise<SavedView[]> {
  const [rows, user] = await Promise.all([
    getDb()
      .selectFrom("saved_views")
      .selectAll()
      .where("merchant_id", "=", me.merchantId)
      .where((eb) => eb.or([eb("user_id", "=", me.userId), eb("shared", "=", 1)]))
      .orderBy("name")
      .execute(),
    getDb().selectFrom("users").select("default_view_id").where("id", "=", me.userId).executeTakeFirst(),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    shared: r.shared === 1,
    query: r.query,
    columns: (JSON.parse(r.columns) as string[]).filter((c): c is PaymentColumn => (PAYMENT_COLUMNS as readonly string[]).includes(c)),
    mine: r.user_id === me.userId,
    isDefault: user?.default_view_id === r.id,
  }));
}

/** A view the user may change: their own, or a shared one when they are not a viewer. */
async function loadEditable(me: Me, id: string) {
  const row = await getDb().selectFrom("saved_views").selectAll().where("id", "=", id).where("merchant_id", "=", me.merchantId).executeTakeFirst();
  if (!row || (row.user_id !== me.userId && row.shared !== 1)) throw notFound();
  if (row.user_id !== me.userId && me.role === "VIEWER") throw new DomainError("PERMISSION_DENIED", "viewers change only their own views");
  return row;
}

export async function createView(me: Me, input: CreateViewInput): Promise<{ id: string }> {
  if (input.shared && me.role === "VIEWER") throw new DomainError("PERMISSION_DENIED", "viewers keep their views private");
  const id = newId("view_");
  const now = Date.now();
  await withTransaction(async (tx) => {
    await tx
      .insertInto("saved_views")
      .values({ id, merchant_id: me.merchantId, user_id: me.userId, name: input.name, shared: input.shared ? 1 : 0, query: cleanQuery(input.query), columns: JSON.stringify(input.columns), created_at: now, updated_at: now })
      .execute();
    await recordAudit(tx, { merchantId: me.merchantId, action: "saved_view.create", targetId: id, after: { name: input.name, shared: input.shared } });
  });
  return { id };
}

export async function renameView(me: Me, id: string, name: string): Promise<void> {
  const row = await loadEditable(me, id);
  await withTransaction(async (tx) => {
    await tx.updateTable("saved_views").set({ name, updated_at: Date.now() }).where("id", "=", id).execute();
    await recordAudit(tx, { merchantId: me.merchantId, action: "saved_view.rename", targetId: id, before: { name: row.name }, after: { name } });
  });
}

export async function deleteView(me: Me, id: string): Promise<void> {
  const row = await loadEditable(me, id);
  await withTransaction(async (tx) => {
    await tx.updateTable("users").set({ default_view_id: null }).where("default_view_id", "=", id).execute();
    await tx.deleteFrom("saved_views").where("id", "=", id).execute();
    await recordAudit(tx, { merchantId: me.merchantId, action: "saved_view.delete", targetId: id, before: { name: row.name, shared: row.shared === 1 } });
  });
}

/** The view the payments list opens with (the user's own choice; null for none). */
export async function setDefaultView(me: Me, id: string | null): Promise<void> {
  if (id !== null && !(await listViews(me)).some((v) => v.id === id)) throw notFound();
  await getDb().updateTable("users").set({ default_view_id: id }).where("id", "=", me.userId).execute();
}

/** For the page: the user's default view, when the list is opened without any query. */
export async function defaultView(me: Me): Promise<SavedView | null> {
  return (await listViews(me)).find((v) => v.isDefault) ?? null;
}
