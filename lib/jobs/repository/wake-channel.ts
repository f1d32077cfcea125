import { sql, type RawBuilder } from "kysely";
import { dialect } from "@/lib/db/client";
import { listen, type Listener } from "@/lib/db/listen";
import { newId } from "@/lib/ids";

/**
 * The cross-process wake-up (PostgreSQL): a statement that makes a job due now also sends
 * NOTIFY on this channel, with "<process token> <queue>" as payload; PostgreSQL delivers it only
 * when (and if) the transaction commits, so a woken worker finds the job. Every worker process
 * LISTENs (lib/jobs/worker.ts) and claims at once instead of at its next poll (WORKER_POLL_MS).
 */
const JOBS_CHANNEL = "platform_jobs";

// On globalThis: Next.js loads this module in several chunks of one process, and they must share
// one token (the process's own notifications are ignored: its in-process wake came first).
const shared = globalThis as unknown as { __platformWakeToken?: string };
function processToken(): string {
  shared.__platformWakeToken ??= `${process.pid}-${newId().slice(-8)}`;
  return shared.__platformWakeToken;
}

/**
 * For the RETURNING clause of a statement writing due job rows (PostgreSQL only): one NOTIFY per
 * row written, none when nothing was (an insert a dedupe key skipped). Null on SQLite.
 */
export function notifyQueueOfRow(): RawBuilder<unknown> | null {
  if (dialect() !== "postgres") return null;
  return sql`pg_notify(${JOBS_CHANNEL}, ${processToken()} || ' ' || queue)`;
}

/**
 * Calls `onQueue` for every job made due by another process; `onConnected` after each
 * (re)connection (what was notified while the connection was down is lost: look again).
 * Null on SQLite, where a worker of another process finds new jobs at its next poll.
 */
export function listenForDueJobs(onQueue: (queue: string) => void, onConnected: () => void): Listener | null {
  const own = `${processToken()} `;
  return listen(JOBS_CHANNEL, {
    onMessage: (payload) => {
      if (payload.startsWith(own)) return;
      const queue = payload.slice(payload.indexOf(" ") + 1);
      if (queue) onQueue(queue);
    },
    onConnected,
  });
}
