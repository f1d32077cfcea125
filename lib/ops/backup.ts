/**
 * Backups for `npm run admin -- backup --out FILE` and `restore --from FILE`.
 * SQLite: SQLite's online backup API (better-sqlite3 `backup()`), page by page while the server
 * keeps reading and writing: the copy is one consistent snapshot. Restore goes through the same
 * API into the database file, so its WAL and lock files stay coherent.
 * PostgreSQL: pg_dump (custom format, one snapshot) and pg_restore; the binaries come from PATH,
 * PG_BIN or the newest /usr/lib/postgresql/<version>/bin.
 */
import Database from "better-sqlite3";
import { execFile } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { databaseTarget, type DatabaseTarget } from "@/lib/env";

const run = promisify(execFile);

export type BackupResult = { file: string; bytes: number; database: "sqlite" | "postgres" };

/** A backup must open and pass SQLite's quick check before we call it one (or restore from it). */
function checkSqliteFile(file: string, options: { readonly: boolean }): void {
  const db = new Database(file, { readonly: options.readonly, fileMustExist: true });
  try {
    // The copy inherits the live database's WAL mode; a backup is one self-contained file.
    if (!options.readonly) db.pragma("journal_mode = DELETE");
    const [row] = db.pragma("quick_check") as { quick_check: string }[];
    if (row?.quick_check !== "ok")
      throw new Error(`${file} failed SQLite's quick check: ${row?.quick_check ?? "no answer"}`);
    db.prepare("select count(*) from kysely_migration").get();
  } finally {
    db.close();
  }
}

async function backupSqlite(source: string, out: string): Promise<void> {
  if (!existsSync(source)) throw new Error(`no SQLite database at ${source}`);
  const partial = `${out}.partial`;
  rmSync(partial, { force: true });
  const db = new Database(source, { fileMustExist: true, timeout: 30_000 });
  try {
    await db.backup(partial);
  } finally {
    db.close();
  }
  checkSqliteFile(partial, { readonly: false });
  // Appears under its name only when complete.
  renameSync(partial, out);
}

async function restoreSqlite(backup: string, target: string): Promise<void> {
  checkSqliteFile(backup, { readonly: true });
  const db = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
}

/** pg_dump / pg_restore: PG_BIN, then PATH, then the newest Debian server install. */
function postgresTool(name: "pg_dump" | "pg_restore"): string {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, name);
  for (const dir of (process.env.PATH ?? "").split(path.delimiter))
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions)
    if (existsSync(path.join(root, version, "bin", name))) return path.join(root, version, "bin", name);
  throw new Error(`${name} not found: install the PostgreSQL client tools or set PG_BIN`);
}

export async function backupDatabase(out: string, target: DatabaseTarget = databaseTarget()): Promise<BackupResult> {
  const file = path.resolve(out);
  if (existsSync(file)) throw new Error(`${file} exists: choose a new file (a backup never overwrites)`);
  if (target.dialect === "sqlite") await backupSqlite(target.file, file);
  else await run(postgresTool("pg_dump"), ["--format=custom", "--no-owner", "--file", file, "--dbname", target.url]);
  return { file, bytes: statSync(file).size, database: target.dialect };
}

/** Replaces the database's contents with the backup's. Stop every app and worker process first. */
export async function restoreDatabase(from: string, target: DatabaseTarget = databaseTarget()): Promise<void> {
  const file = path.resolve(from);
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  if (target.dialect === "sqlite") await restoreSqlite(file, target.file);
  else
    await run(postgresTool("pg_restore"), [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--single-transaction",
      "--exit-on-error",
      "--dbname",
      target.url,
      file,
    ]);
}
