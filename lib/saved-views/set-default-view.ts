import { type ViewUser, viewNotFound } from "./access";
import { listViews } from "./list-views";
import { setUserDefaultView } from "./repository";

/** The view the payments list opens with (the user's own choice; null for none). */
export async function setDefaultView({
  ctx: me,
  input: { id },
}: {
  ctx: ViewUser;
  input: { id: string | null };
}): Promise<void> {
  if (id !== null && !(await listViews({ ctx: me })).some((v) => v.id === id)) throw viewNotFound();
  await setUserDefaultView(me.userId, id);
}
