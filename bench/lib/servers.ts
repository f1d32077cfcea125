import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { openSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Processes a benchmark starts, each in its own process group, all killed when it exits. */
const children: ChildProcess[] = [];

/** `cwd`: the checkout to run it from (default this one: a benchmark may serve an older build beside it). */
export function startProcess(
  dir: string,
  command: string[],
  env: Record<string, string>,
  log: string,
  cwd?: string,
): ChildProcess {
  const out = openSync(path.join(dir, `${log}.log`), "a");
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, ...env },
    cwd,
    detached: true,
    stdio: ["ignore", out, out],
  });
  children.push(child);
  writeFileSync(path.join(dir, `${log}.pid`), String(child.pid));
  return child;
}

export function stopAll() {
  for (const child of children) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {}
  }
}
process.on("exit", stopAll);

export async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} never answered`);
}

/** The production app (needs `npx next build`) on `port`, as deployed unless `env` says otherwise. */
export async function startApp(
  dir: string,
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
  log = "app",
) {
  const child = startProcess(
    dir,
    ["npx", "tsx", "scripts/start.ts"],
    { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, DATABASE_URL: databaseUrl, SEED_DEMO: "false", ...env },
    log,
  );
  await waitFor(`http://127.0.0.1:${port}/openapi.json`);
  return child;
}

/** A merchant made by the admin CLI, logged in over HTTP. */
export async function benchMerchant(dir: string, databaseUrl: string, baseUrl: string) {
  const created = JSON.parse(
    execFileSync("npx", ["tsx", "scripts/admin.ts", "create-merchant", "--name", "Bench", "--json"], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: databaseUrl },
      encoding: "utf8",
    })
      .split("\n")
      .find((l) => l.startsWith("{"))!,
  ) as { merchant_id: string; store_id: string; api_key: string; channels: { key: string; pg_provider: string }[] };
  const login = (await (
    await fetch(`${baseUrl}/login/api-key`, { method: "POST", body: JSON.stringify({ apiKey: created.api_key }) })
  ).json()) as { accessToken: string };
  return {
    ...created,
    accessToken: login.accessToken,
    channelKey: created.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key,
  };
}
