import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where the embedded database, generated secrets and other local state live. */
export function dataDir(): string {
  return process.env.DATA_DIR ?? path.join(process.cwd(), ".data");
}

export type DatabaseTarget = { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string };

/** CONTRACT §13: unset → .data/platform.db, `file:PATH` → SQLite at PATH, postgres:// → PostgreSQL. */
export function databaseTarget(url = process.env.DATABASE_URL): DatabaseTarget {
  if (!url) return { dialect: "sqlite", file: path.join(dataDir(), "platform.db") };
  if (url.startsWith("file:")) return { dialect: "sqlite", file: url.slice("file:".length) };
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) return { dialect: "postgres", url };
  throw new Error(`DATABASE_URL must be file:PATH or postgres://…, got ${url.split(":")[0]}:…`);
}

type Secrets = { tokenSigningSecret: string; sessionSecret: string };
let cachedSecrets: Secrets | undefined;

/**
 * Signing secrets come from the environment, or are generated once and kept under .data/,
 * so no default secret is ever baked into the code.
 */
export function secrets(): Secrets {
  if (cachedSecrets) return cachedSecrets;
  const fromEnv = {
    tokenSigningSecret: process.env.TOKEN_SIGNING_SECRET || undefined,
    sessionSecret: process.env.NEXTAUTH_SECRET || process.env.AUTH_SECRET || undefined,
  };
  let stored: Partial<Secrets> = {};
  const file = path.join(dataDir(), "secrets.json");
  if (!fromEnv.tokenSigningSecret || !fromEnv.sessionSecret) {
    if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8")) as Partial<Secrets>;
    if (!stored.tokenSigningSecret || !stored.sessionSecret) {
      stored = {
        tokenSigningSecret: stored.tokenSigningSecret ?? randomBytes(32).toString("base64url"),
        sessionSecret: stored.sessionSecret ?? randomBytes(32).toString("base64url"),
      };
      mkdirSync(dataDir(), { recursive: true });
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: "w" });
    }
  }
  cachedSecrets = {
    tokenSigningSecret: fromEnv.tokenSigningSecret ?? stored.tokenSigningSecret!,
    sessionSecret: fromEnv.sessionSecret ?? stored.sessionSecret!,
  };
  return cachedSecrets;
}

/** Whether the web server runs a job worker itself (WORKER_IN_APP, default true). */
export function workerInApp(): boolean {
  return process.env.WORKER_IN_APP !== "false";
}
