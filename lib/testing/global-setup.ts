import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Tests run against DATABASE_URL (set by scripts/test.sh), or a fresh SQLite file. */
export default async function setup() {
  if (!process.env.DATABASE_URL) {
    process.env.DATABASE_URL = `file:${path.join(mkdtempSync(path.join(os.tmpdir(), "platform-test-")), "test.db")}`;
  }
  process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "platform-data-"));
  // Logs go to a file (scripts/test.sh scans it for secrets), not between the test reporter's lines.
  process.env.LOG_FILE ??= path.join(process.env.DATA_DIR, "test.log");
  process.env.TOKEN_SIGNING_SECRET ??= "test-signing-secret-for-this-run-only";
  process.env.NEXTAUTH_SECRET ??= "test-session-secret-for-this-run-only";
  const { migrateToLatest } = await import("@/lib/db/migrations/index");
  const { closeDb } = await import("@/lib/db/client");
  await migrateToLatest();
  await closeDb();
}
