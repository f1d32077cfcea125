import { getDb } from "@/lib/db/client";

/** The team page's "last sign-in". */
export async function noteSignIn(userId: string): Promise<void> {
  await getDb().updateTable("users").set({ last_sign_in_at: Date.now() }).where("id", "=", userId).execute();
}
