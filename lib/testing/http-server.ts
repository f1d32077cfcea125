/**
 * Starts the production server (`scripts/start.ts`: Next on the built `.next`) on a given
 * database and port, for tests that must go through real HTTP: the HTTP pass, the chaos test
 * (SIGKILL mid-flight, then restart on the same database) and the fuzzer.
 *
 *   const server = await startHttpServer({ port: 4300, databaseUrl: "file:/tmp/x/db" });
 *   const m = await server.createMerchant({ hosting: true });   // admin CLI + login over HTTP
 *   await server.fetch("/v2/payments/p1", { headers: { authorization: `Bearer ${m.accessToken}` } });
 *   await server.kill();      // SIGKILL to the whole process group
 *   await server.restart();   // same port, database and data dir
 *   await server.stop();      // SIGTERM (graceful: drains, exits 0), SIGKILL after a grace period
 *
 * The server runs in its own process group (a kill reaches anything it spawned), and every server
 * still running when the test process exits is killed with it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { tsEntry } from "./ts-entry";
import type { CreatedMerchant } from "@/lib/tenancy/create-merchant";

export type HttpServerOptions = {
  port: number;
  /** `file:PATH` (SQLite) or `postgres://…`. */
  databaseUrl: string;
  /** Secrets and local state; a fresh temp dir when omitted. */
  dataDir?: string;
  /** Extra environment for the server (e.g. `WORKER_IN_APP: "false"`). */
  env?: Record<string, string>;
  /** How long to wait for the server to answer (default 90 s). */
  startTimeoutMs?: number;
};

export type ServerMerchant = CreatedMerchant & { accessToken: string; refreshToken: string };

export type HttpServer = {
  readonly baseUrl: string;
  readonly port: number;
  readonly databaseUrl: string;
  readonly dataDir: string;
  /** Process-group id of the running server (undefined while stopped). */
  pid(): number | undefined;
  /** fetch relative to the base URL. */
  fetch(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  /** A merchant with a default store and TEST channels (admin CLI), logged in over HTTP. */
  createMerchant(options?: { name?: string; hosting?: boolean }): Promise<ServerMerchant>;
  /** The server's stdout and stderr so far (for failure messages). */
  log(): string;
  /** SIGTERM (SIGKILL after 10 s); resolves with the exit code (null when it had to be killed). */
  stop(): Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  restart(): Promise<void>;
  /** Exits nobody asked for (a crash), each with its code or signal. */
  unexpectedExits(): string[];
};

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const child of running) killGroup(child, "SIGKILL");
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Resolves when nothing accepts connections on the port any more (so a restart can bind it). */
async function waitPortFree(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && (await portInUse(port))) await sleep(100);
}

function runTsx(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, tsEntry(script, ...args), {
      cwd: REPO_ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${script} ${args.join(" ")} exited ${code}: ${err}`)),
    );
  });
}

export async function startHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  if (!existsSync(path.join(REPO_ROOT, ".next", "BUILD_ID")))
    throw new Error("no production build: run `npx next build` first");
  installExitHook();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "platform-http-"));
  mkdirSync(dataDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const logFile = path.join(dataDir, "server.log");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    NEXTAUTH_URL: baseUrl,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    WEBHOOK_ALLOW_PRIVATE: "true",
    WORKER_POLL_MS: "200",
    ...options.env,
  };
  let child: ChildProcess | undefined;
  const unexpected: string[] = [];

  async function launch() {
    // Another server on the port would answer the readiness check and the tests, on its own database.
    if (await portInUse(options.port))
      throw new Error(`port ${options.port} is already in use: stop what listens there or pick another port`);
    const fd = openSync(logFile, "a");
    const proc = spawn(process.execPath, tsEntry("scripts/start.ts"), {
      cwd: REPO_ROOT,
      env,
      detached: true,
      stdio: ["ignore", fd, fd],
    });
    closeSync(fd);
    child = proc;
    running.add(proc);
    proc.on("exit", (code, signal) => {
      running.delete(proc);
      // terminate() lets go of the child before it signals it: an exit while still held is a crash.
      if (child === proc) unexpected.push(`server exited on its own (${signal ?? `code ${code}`})`);
    });
    const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
    while (Date.now() < deadline) {
      if (proc.exitCode !== null || proc.signalCode !== null)
        throw new Error(`server exited before answering:\n${readLog().slice(-4000)}`);
      if (await answers(`${baseUrl}/openapi.json`)) return;
      await sleep(200);
    }
    killGroup(proc, "SIGKILL");
    throw new Error(`server did not answer on ${baseUrl} within the timeout:\n${readLog().slice(-4000)}`);
  }

  function readLog() {
    return existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
  }

  async function terminate(signal: NodeJS.Signals, graceMs: number): Promise<number | null> {
    const proc = child;
    if (!proc) return null;
    child = undefined;
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise<void>((r) => proc.once("exit", () => r()));
      killGroup(proc, signal);
      const timedOut = await Promise.race([exited.then(() => false), sleep(graceMs).then(() => true)]);
      if (timedOut) {
        killGroup(proc, "SIGKILL");
        await exited;
      }
    }
    const code = proc.exitCode;
    // Anything left in the process group (a grandchild) must let go of the port too.
    killGroup(proc, "SIGKILL");
    await waitPortFree(options.port, 10_000);
    return code;
  }

  await launch();

  return {
    baseUrl,
    port: options.port,
    databaseUrl: options.databaseUrl,
    dataDir,
    pid: () => child?.pid,
    fetch: (pathAndQuery, init) => fetch(`${baseUrl}${pathAndQuery}`, init),
    async createMerchant({ name = "HTTP test merchant", hosting = false } = {}) {
      const out = await runTsx(
        "scripts/admin.ts",
        ["create-merchant", "--name", name, "--json", ...(hosting ? ["--hosting"] : [])],
        env,
      );
      const merchant = JSON.parse(out.trim().split("\n").at(-1)!) as CreatedMerchant;
      const res = await fetch(`${baseUrl}/login/api-key`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ apiKey: merchant.api_key }),
      });
      if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      return { ...merchant, ...((await res.json()) as { accessToken: string; refreshToken: string }) };
    },
    log: readLog,
    stop: () => terminate("SIGTERM", 10_000),
    kill: async (signal = "SIGKILL") => {
      await terminate(signal, 5_000);
    },
    async restart() {
      await terminate("SIGTERM", 10_000);
      await launch();
    },
    unexpectedExits: () => [...unexpected],
  };
}
