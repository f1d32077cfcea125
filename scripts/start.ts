/**
 * Production start: migrate, make sure the demo merchant exists, start `next start`, and print
 * the dashboard URL, the demo login and a fresh API key once the server answers.
 */
import { spawn } from "node:child_process";
import { closeDb } from "@/lib/db/client";
import { migrateToLatest } from "@/lib/db/migrations/index";
import { ensureDemo } from "@/lib/demo/seed";
import { databaseTarget, secrets } from "@/lib/env";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const baseUrl = process.env.NEXTAUTH_URL ?? `http://localhost:${port}`;

await migrateToLatest();
const demo = process.env.SEED_DEMO === "false" ? null : await ensureDemo();
await closeDb();
const { sessionSecret, tokenSigningSecret } = secrets();

const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", host], {
  stdio: "inherit",
  env: { ...process.env, NEXTAUTH_URL: baseUrl, NEXTAUTH_SECRET: sessionSecret, TOKEN_SIGNING_SECRET: tokenSigningSecret },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));

for (let i = 0; i < 120; i++) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/openapi.json`);
    if (res.ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 500));
}

const target = databaseTarget();
console.log(`
  Payment platform is running (${target.dialect === "sqlite" ? `SQLite ${target.file}` : "PostgreSQL"})
  Dashboard:   ${baseUrl}/dashboard
  API:         ${baseUrl}   (OpenAPI: ${baseUrl}/openapi.json)${demo ? `
  Demo login:  ${demo.email} / ${demo.password}
  API key:     ${demo.apiKey}
  Try:         curl -s -X POST ${baseUrl}/login/api-key -H 'content-type: application/json' -d '{"apiKey":"${demo.apiKey}"}'` : ""}
`);
