import type { ViewUser } from "./access";
import { defaultViewIdOf, viewsVisibleTo } from "./repository";
import type { SavedView } from "./schema";

/** The user's own views and the team's shared ones, by name. */
export async function listViews({ ctx: me }: { ctx: ViewUser }): Promise<SavedView[]> {
  const [rows, defaultId] = await Promise.all([viewsVisibleTo(me.merchantId, me.userId), defaultViewIdOf(me.userId)]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    shared: r.shared === 1,
    query: r.query,
    columns: r.columns,
    mine: r.user_id === me.userId,
    isDefault: defaultId === r.id,
  }));
}
