/**
 * Production start: migrate, seed the demo merchant on a first start (an empty database; see
 * SEED_DEMO), start `next start`, and print the dashboard URL once the server answers, plus the
 * demo login and API key on the start that created them (they are never stored in clear, so
 * never shown again: `npm run admin -- reset-demo-login` sets new ones).
 */
import { spawn } from "node:child_process";
import { closeDb } from "@/lib/db/client";
import { migrateToLatest } from "@/lib/db/migrations/index";
import { isDatabaseEmpty, removeLegacyDemoLoginFile, seedDemo, shouldSeedDemo } from "@/lib/demo/seed";
import { databaseTarget, secrets } from "@/lib/env";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const baseUrl = process.env.NEXTAUTH_URL ?? `http://localhost:${port}`;

await migrateToLatest();
const demo = shouldSeedDemo(process.env.SEED_DEMO, await isDatabaseEmpty()) ? await seedDemo() : null;
const removedLegacyLogin = removeLegacyDemoLoginFile();
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
  Try:         curl -s -X POST ${baseUrl}/login/api-key -H 'content-type: application/json' -d '{"apiKey":"${demo.apiKey}"}'
  (shown this once: only hashes are stored; \`npm run admin -- reset-demo-login --api-key\` issues new ones)` : ""}${removedLegacyLogin ? `
  Removed the old demo-login.json from the data directory (an older version kept the demo password there in clear).` : ""}
`);
