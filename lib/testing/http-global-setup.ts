import { startHttpServer, type HttpServer } from "./http-server";
import setupDatabase from "./global-setup";

/**
 * The HTTP pass (vitest.http.config.ts): migrate the test database, start the production server
 * on it and point every test's callApi at it (API_BASE_URL). The server runs no worker: tests
 * drive the job queue themselves, as they do in-process.
 */
let server: HttpServer | undefined;

export default async function setup() {
  await setupDatabase();
  server = await startHttpServer({
    port: Number(process.env.HTTP_PASS_PORT ?? 4300),
    databaseUrl: process.env.DATABASE_URL!,
    dataDir: process.env.DATA_DIR,
    env: { WORKER_IN_APP: "false" },
  });
  process.env.API_BASE_URL = server.baseUrl;
  return async () => {
    await server?.stop();
  };
}
