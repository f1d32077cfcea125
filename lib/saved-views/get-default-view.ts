import type { ViewUser } from "./access";
import { listViews } from "./list-views";
import type { SavedView } from "./schema";

/** For the page: the user's default view, when the list is opened without any query. */
export async function defaultView({ ctx }: { ctx: ViewUser }): Promise<SavedView | null> {
  return (await listViews({ ctx })).find((v) => v.isDefault) ?? null;
}
