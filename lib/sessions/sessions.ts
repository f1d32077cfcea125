import { answersGeneration, forgetRecentAnswers, RecentAnswers } from "@/lib/auth/recent-answers";
import { whenSettled } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { HOUR } from "@/lib/time";
import { insertSession, markSessionEnded, markUserSessionsEnded, sessionIsLive, type SessionsDb } from "./repository";

/** How long a dashboard session lasts from sign-in (the cookie's lifetime too; it does not roll). */
export const SESSION_LIFETIME_MS = 12 * HOUR;

/** A new session for a user who just proved who they are; its id goes into the signed cookie. */
export async function openSession(userId: string, now = Date.now()): Promise<string> {
  const id = newId("ses_");
  await insertSession({ id, userId, now, expiresAt: now + SESSION_LIFETIME_MS });
  return id;
}

// Checked on every dashboard request: a live answer is reused for AUTH_RECHECK_MS (1 s) per process,
// like API credentials; an ending made in this process forgets it at once.
const liveSessions = new RecentAnswers<string>();

/** Whether the cookie's session is still live for this user. */
export async function isSessionLive(sessionId: string | undefined, userId: string): Promise<boolean> {
  if (!sessionId) return false;
  if (liveSessions.get(sessionId) === userId) return true;
  const readAt = answersGeneration();
  if (!(await sessionIsLive(sessionId, userId, Date.now()))) return false;
  // A request that read the row just before a sign-out must not cache it as live after.
  liveSessions.set(sessionId, userId, Date.now(), readAt);
  return true;
}

/** Sign-out: this session ends wherever its cookie was copied. */
export async function endSession(sessionId: string): Promise<void> {
  await markSessionEnded(sessionId, Date.now());
  forgetRecentAnswers();
}

/**
 * Ends the user's sessions but `keep` (the session making its own password or two-factor change),
 * in the change's transaction; this process forgets its cached answers once that settles.
 */
export async function endUserSessions(db: SessionsDb, userId: string, keep?: string): Promise<void> {
  await markUserSessionsEnded(db, userId, Date.now(), keep);
  whenSettled(db, forgetRecentAnswers);
}
