import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4690);

/**
 * `npm run screenshots`: every dashboard page in both themes, at 1440 px and 390 px, in English
 * and Korean, against the production build with the demo data (not part of npm test).
 */
export default defineConfig({
  testDir: "e2e/screenshots",
  timeout: 300_000,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    },
  },
  webServer: {
    command: "npx tsx scripts/start.ts",
    url: `http://localhost:${port}/openapi.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_DEMO: "true",
      DEMO_PASSWORD: "screenshots-demo",
      WORKER_POLL_MS: "200",
    },
    stdout: "pipe",
  },
});
