import { startHttpServer, type HttpServer } from "./http-server";
import setupDatabase from "./global-setup";
import { TEST_ENV } from "./test-env";

/**
 * The HTTP pass (vitest.http.config.ts): migrate the test database, start the production server
 * on it and point every test's callApi at it (API_BASE_URL). The server runs no worker: tests
 * drive the job queue themselves, as they do in-process.
 */
async function start(): Promise<HttpServer> {
  await setupDatabase();
  const server = await startHttpServer({
    port: Number(process.env.HTTP_PASS_PORT ?? 4300),
    databaseUrl: process.env.DATABASE_URL!,
    dataDir: process.env.DATA_DIR,
    env: { ...TEST_ENV, WORKER_IN_APP: "false" },
  });
  process.env.API_BASE_URL = server.baseUrl;
  return server;
}

// Each vitest project loads this file on its own; one server serves them all.
const shared = globalThis as unknown as { __httpPassServer?: Promise<HttpServer> };

export default async function setup() {
  const first = shared.__httpPassServer === undefined;
  shared.__httpPassServer ??= start();
  await shared.__httpPassServer;
  if (!first) return;
  return async () => {
    const server = await shared.__httpPassServer;
    shared.__httpPassServer = undefined;
    await server?.stop();
  };
}
