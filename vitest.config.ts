import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    projects: [
      { extends: true, test: { name: "suite", include: ["lib/**/*.test.ts", "e2e/api/**/*.test.ts", "scripts/**/*.test.ts"] } },
      // Scans the database the suite wrote for secrets kept in clear, so it runs after everything else.
      { extends: true, test: { name: "at-rest", include: ["e2e/at-rest/**/*.test.ts"], sequence: { groupOrder: 1 } } },
    ],
    globalSetup: ["lib/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    env: {
      // The tests' webhook receivers listen on 127.0.0.1, which is refused unless allowed.
      WEBHOOK_ALLOW_PRIVATE: "true",
      // In-process requests carry no client address, so every test file would share one throttle
      // counter; e2e/api/throttling.test.ts sets its own limits and addresses.
      THROTTLE_FAILURES_PER_ADDRESS: "100000",
      THROTTLE_FAILURES_PER_ACCOUNT: "100000",
      OTP_RESENDS_PER_PHONE: "100000",
    },
  },
});
