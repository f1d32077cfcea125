/**
 * Production start: migrate, make sure the demo merchant exists, serve the built app, and print
 * the dashboard URL, the demo login and a fresh API key once the server answers. SIGTERM drains
 * in-flight requests and background jobs, then exits 0 (lib/ops/graceful.ts).
 */
export {};

// Before anything loads React or Next, which pick their production builds from it.
(process.env as Record<string, string>).NODE_ENV = "production";
const { migrateToLatest } = await import("@/lib/db/migrations/index");
const { ensureDemo } = await import("@/lib/demo/seed");
const { databaseTarget, secrets } = await import("@/lib/env");
const { exitGracefullyOnSignals } = await import("@/lib/ops/graceful");
const { logger } = await import("@/lib/ops/logger");
const { routeConsoleToLogger } = await import("@/lib/ops/console-to-logger");
const { serveNext } = await import("@/lib/ops/server");

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const baseUrl = process.env.NEXTAUTH_URL ?? `http://localhost:${port}`;

await migrateToLatest();
const demo = process.env.SEED_DEMO === "false" ? null : await ensureDemo();
const { sessionSecret, tokenSigningSecret } = secrets();
Object.assign(process.env, { NEXTAUTH_URL: baseUrl, NEXTAUTH_SECRET: sessionSecret, TOKEN_SIGNING_SECRET: tokenSigningSecret });

routeConsoleToLogger();
const server = await serveNext({ port, host });
exitGracefullyOnSignals(async (deadline) => {
  const { abandoned } = await server.drain(deadline);
  if (abandoned > 0) logger.warn({ abandoned }, "requests still running at the shutdown deadline were cut off");
});

const target = databaseTarget();
logger.info({ port, host, database: target.dialect }, "listening");
// For the person who started it (not a log line): where to go and, with the demo seeded, how to log in.
process.stdout.write(`
  Payment platform is running (${target.dialect === "sqlite" ? `SQLite ${target.file}` : "PostgreSQL"})
  Dashboard:   ${baseUrl}/dashboard
  API:         ${baseUrl}   (OpenAPI: ${baseUrl}/openapi.json, reference: ${baseUrl}/docs)${demo ? `
  Demo login:  ${demo.email} / ${demo.password}
  API key:     ${demo.apiKey}
  Try:         curl -s -X POST ${baseUrl}/login/api-key -H 'content-type: application/json' -d '{"apiKey":"${demo.apiKey}"}'` : ""}
`);
