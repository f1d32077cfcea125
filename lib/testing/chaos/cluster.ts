import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT, startHttpServer, type HttpServer } from "../http-server";
import { TEST_ENV } from "../test-env";
import { tsEntry } from "../ts-entry";

/**
 * The processes the chaos test kills: the production server (lib/testing/http-server.ts) and, on
 * PostgreSQL, `npm run worker` processes beside it (the server then runs no worker of its own).
 * Every process gets the same environment: database, data dir (sealing keys) and sandbox faults.
 */
export type Cluster = {
  server: HttpServer;
  env: Record<string, string>;
  workers: number;
  /** SIGKILL the server and restart it on the same database and port. */
  killServer(): Promise<void>;
  /** SIGKILL worker `i` (its whole process group) and start it again. */
  killWorker(i: number): Promise<void>;
  /** Server and worker exits nobody asked for (a crash), each with its code or signal. */
  unexpectedExits(): string[];
  /** Runs a CLI script (e.g. scripts/admin.ts) with the cluster's environment; resolves with its exit code and output. */
  runScript(script: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
  stop(): Promise<void>;
};

export type ClusterOptions = {
  port: number;
  databaseUrl: string;
  dataDir: string;
  workers: number;
  env: Record<string, string>;
};

/** Worker processes this cluster is stopping: their exit is no crash. */
const stopping = new WeakSet<ChildProcess>();

function spawnWorker(name: string, env: NodeJS.ProcessEnv, logFile: string, crashes: string[]): ChildProcess {
  const fd = openSync(logFile, "a");
  const child = spawn(process.execPath, tsEntry("scripts/worker.ts"), {
    cwd: REPO_ROOT,
    env: { ...env, WORKER_NAME: name },
    detached: true,
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  child.on("exit", (code, signal) => {
    if (!stopping.has(child)) crashes.push(`${name} exited on its own (${signal ?? `code ${code}`})`);
  });
  return child;
}

function killGroup(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (child) stopping.add(child);
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid, signal);
  } catch {
    return Promise.resolve();
  }
  return exited;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const env: Record<string, string> = {
    ...TEST_ENV,
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    ...(options.workers > 0 ? { WORKER_IN_APP: "false" } : {}),
  };
  const server = await startHttpServer({
    port: options.port,
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    env,
  });
  const processEnv: NodeJS.ProcessEnv = { ...process.env, ...env, NODE_ENV: "production" };
  const workerLog = path.join(options.dataDir, "workers.log");
  const workers: (ChildProcess | undefined)[] = [];
  const workerCrashes: string[] = [];
  const startWorker = (i: number) => spawnWorker(`chaos-worker-${i}`, processEnv, workerLog, workerCrashes);
  for (let i = 0; i < options.workers; i++) workers.push(startWorker(i));
  const exitHook = () => {
    for (const w of workers) if (w?.pid && w.exitCode === null) process.kill(-w.pid, "SIGKILL");
  };
  process.on("exit", exitHook);

  return {
    server,
    env,
    workers: options.workers,
    async killServer() {
      await server.kill("SIGKILL");
      await server.restart();
    },
    async killWorker(i) {
      await killGroup(workers[i], "SIGKILL");
      workers[i] = startWorker(i);
    },
    unexpectedExits: () => [...server.unexpectedExits(), ...workerCrashes],
    runScript(script, args) {
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, tsEntry(script, ...args), {
          cwd: REPO_ROOT,
          env: processEnv,
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
        child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
        child.on("error", reject);
        child.on("exit", (code) => resolve({ code, stdout, stderr }));
      });
    },
    async stop() {
      await Promise.all(workers.map((w) => killGroup(w, "SIGTERM")));
      process.off("exit", exitHook);
      await server.stop();
    },
  };
}
