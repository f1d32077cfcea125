import { setLastSignIn } from "./repository";

/** The team page's "last sign-in". */
export async function noteSignIn(userId: string): Promise<void> {
  await setLastSignIn(userId, Date.now());
}
