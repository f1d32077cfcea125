import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { dialect, getDb } from "./client";
import { isLostConnection, retryOnLostConnection } from "./errors";

// A worker restarted while the database cut connections exited on the migration lock's release.
describe("a lost database connection", () => {
  it("is told apart from a refused statement, and only it is tried again", async () => {
    let calls = 0;
    const refused = retryOnLostConnection(async () => {
      calls++;
      await sql`select * from no_such_table`.execute(getDb());
    });
    await expect(refused).rejects.toThrow(/no_such_table|does not exist/);
    expect(calls).toBe(1);
    expect(isLostConnection(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(true);
    expect(isLostConnection(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("ended by the server mid-work: the next try on a new connection succeeds", async () => {
    if (dialect() !== "postgres") return; // SQLite has no server to end a connection
    let calls = 0;
    const answer = await retryOnLostConnection(async () => {
      calls++;
      const db = getDb();
      if (calls === 1) await sql`select pg_terminate_backend(pg_backend_pid())`.execute(db);
      return (await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]!.one;
    });
    expect({ answer, calls }).toEqual({ answer: 1, calls: 2 });
  });
});
