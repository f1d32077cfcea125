/**
 * Production start: migrate, seed the demo merchant on a first start (an empty database; see
 * SEED_DEMO), serve the built app, and print the dashboard URL, plus the demo login and API key
 * on the start that created them (they are never stored in clear, so never shown again:
 * `npm run admin -- reset-demo-login` sets new ones). SIGTERM drains in-flight requests and
 * background jobs, then exits 0 (lib/ops/graceful.ts).
 */
export {};

// Before anything loads React or Next, which pick their production builds from it.
(process.env as Record<string, string>).NODE_ENV = "production";
const { migrateToLatest } = await import("@/lib/db/migrations/index");
const { isDatabaseEmpty, removeLegacyDemoLoginFile, seedDemo, shouldSeedDemo } = await import("@/lib/demo/seed");
const { databaseTarget, secrets } = await import("@/lib/env");
const { exitGracefullyOnSignals } = await import("@/lib/ops/graceful");
const { logger } = await import("@/lib/ops/logger");
const { routeConsoleToLogger } = await import("@/lib/ops/console-to-logger");
const { serveNext } = await import("@/lib/ops/server");

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const baseUrl = process.env.NEXTAUTH_URL ?? `http://localhost:${port}`;

await migrateToLatest();
const demo = shouldSeedDemo(process.env.SEED_DEMO, await isDatabaseEmpty()) ? await seedDemo() : null;
const removedLegacyLogin = removeLegacyDemoLoginFile();
const { sessionSecret, tokenSigningSecret } = secrets();
Object.assign(process.env, {
  NEXTAUTH_URL: baseUrl,
  NEXTAUTH_SECRET: sessionSecret,
  TOKEN_SIGNING_SECRET: tokenSigningSecret,
});

routeConsoleToLogger();
const server = await serveNext({ port, host });
exitGracefullyOnSignals(async (deadline) => {
  const { abandoned } = await server.drain(deadline);
  if (abandoned > 0) logger.warn({ abandoned }, "requests still running at the shutdown deadline were cut off");
});

const target = databaseTarget();
logger.info({ port, host, database: target.dialect }, "listening");
// For the person who started it (not a log line): where to go and, on a first start, how to log in.
process.stdout.write(`
  Payment platform is running (${target.dialect === "sqlite" ? `SQLite ${target.file}` : "PostgreSQL"})
  Dashboard:   ${baseUrl}/dashboard
  API:         ${baseUrl}   (OpenAPI: ${baseUrl}/openapi.json, reference: ${baseUrl}/docs)${
    demo
      ? `
  Demo login:  ${demo.email} / ${demo.password}
  API key:     ${demo.apiKey}
  Try:         curl -s -X POST ${baseUrl}/login/api-key -H 'content-type: application/json' -d '{"apiKey":"${demo.apiKey}"}'
  (shown this once: only hashes are stored; \`npm run admin -- reset-demo-login --api-key\` issues new ones)`
      : ""
  }${
    removedLegacyLogin
      ? `
  Removed the old demo-login.json from the data directory (an older version kept the demo password there in clear).`
      : ""
  }
`);
