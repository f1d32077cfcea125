import { defineConfig } from "@playwright/test";
import { niceFakePort } from "./e2e/nice-fake/port";
import { tossFakePort } from "./e2e/toss-fake/port";

const port = Number(process.env.E2E_PORT ?? 3210);

/** Dashboard tests in Debian's Chromium against the production build (scripts/test.sh builds it). */
export default defineConfig({
  testDir: "e2e/dashboard",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "en-US",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
    trace: "off",
  },
  webServer: {
    command: "npx tsx scripts/start.ts",
    url: `http://localhost:${port}/openapi.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The tests' webhook receivers listen on 127.0.0.1, which production refuses unless allowed.
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      WORKER_POLL_MS: "200",
      WEBHOOK_ALLOW_PRIVATE: "true",
      // LIVE Toss channels talk to the fake e2e/dashboard/channels.spec.ts starts (never the real Toss).
      TOSS_API_BASE: `http://127.0.0.1:${tossFakePort(port)}`,
      // LIVE NICE channels likewise talk to the NICE fake that spec starts.
      NICE_API_BASE: `http://127.0.0.1:${niceFakePort(port)}`,
    },
    stdout: "pipe",
  },
});
