import { AsyncResource } from "node:async_hooks";
import { CompiledQuery, type Kysely, type Transaction } from "kysely";
import type { DB } from "./schema";

// Spelled out rather than imported from client.ts, which builds on this file.
type Db = Kysely<DB>;
type Tx = Transaction<DB>;

/**
 * Group commit for SQLite: transactions that arrive while one is being written share its durable
 * COMMIT (one WAL fsync) instead of paying one each. SQLite has one writer and Kysely one
 * connection, so transactions already run one after another; here they run one after another
 * inside a single BEGIN IMMEDIATE … COMMIT, each in its own SAVEPOINT (a failure rolls back that
 * transaction alone), and every caller is answered only after the COMMIT that made its writes
 * durable returns. A failed COMMIT fails every member. Queries outside transactions wait for the
 * connection as before, so nothing reads a member's writes before they are durable.
 *
 * A group starts one event-loop turn after its first member arrives (so requests already waiting
 * on I/O join it) and takes what is queued, up to GROUP_MAX_MEMBERS; members arriving while it runs
 * go to the next group. It never waits for members while holding the write lock: another process
 * sharing the SQLite file (a worker, a test run) would starve behind a lock held across turns.
 * PostgreSQL needs none of this: concurrent commits on its connections already share WAL flushes.
 */
const GROUP_MAX_MEMBERS = 64;
// Compiled once: a member's savepoint statements are run as they are, never built again.
const SAVEPOINT = CompiledQuery.raw("savepoint group_member");
const RELEASE = CompiledQuery.raw("release group_member");
const ROLLBACK_TO = CompiledQuery.raw("rollback to group_member");
// Captured before any test fakes timers: the group must keep running under a fake clock.
const nextTurn = globalThis.setImmediate.bind(globalThis);

type Member = {
  work: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export type GroupStats = { groups: number; members: number };

export function groupCommitter(db: () => Db, onSettled: (tx: Tx) => void = () => {}) {
  const queue: Member[] = [];
  let running = false;
  const stats: GroupStats = { groups: 0, members: 0 };

  async function runGroup() {
    const done: { member: Member; value: unknown }[] = [];
    let shared: Tx | undefined;
    try {
      await db()
        .transaction()
        .execute(async (tx) => {
          shared = tx;
          let size = 0;
          while (queue.length > 0 && size < GROUP_MAX_MEMBERS) {
            const member = queue.shift()!;
            size++;
            await tx.executeQuery(SAVEPOINT);
            try {
              const value = await member.work(tx);
              await tx.executeQuery(RELEASE);
              done.push({ member, value });
            } catch (error) {
              member.reject(error);
              try {
                await tx.executeQuery(ROLLBACK_TO);
                await tx.executeQuery(RELEASE);
              } catch {
                // SQLite already rolled the whole transaction back (disk full, I/O error): the
                // group fails with that first cause, not with the savepoint's "no such savepoint".
                throw error;
              }
            }
          }
        });
      stats.groups++;
      stats.members += done.length;
      for (const { member, value } of done) member.resolve(value);
    } catch (error) {
      for (const { member } of done) member.reject(error);
    } finally {
      if (shared) onSettled(shared);
      running = false;
      if (queue.length > 0) start();
    }
  }

  function start() {
    running = true;
    nextTurn(() => void runGroup());
  }

  return {
    run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        // Each member runs in its caller's async context (who is calling, which request), not in
        // that of the caller whose arrival started the group.
        queue.push({ work: AsyncResource.bind(work), resolve: resolve as (v: unknown) => void, reject });
        if (!running) start();
      });
    },
    stats,
  };
}
