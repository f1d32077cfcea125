import { defineConfig } from "vitest/config";

/**
 * The HTTP pass: the API suite and the routing checks over real HTTP against the production build
 * (`npx next build` first). scripts/test.sh runs it on SQLite and PostgreSQL after the build.
 * Files whose tests reach into the server's process stay in-process only: they fake the clock,
 * register provider adapters or deposit hooks in the test process, or set its environment.
 */
export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    include: ["e2e/api/**/*.test.ts", "e2e/http/**/*.test.ts"],
    exclude: [
      "e2e/api/token-lifetimes.test.ts", // fakes Date
      "e2e/api/status-updated-at.test.ts", // fakes Date
      "e2e/api/payments-provider-failures.test.ts", // in-process crashing adapters
      "e2e/api/payments-idempotency.test.ts", // an in-process counting adapter, SANDBOX_LATENCY_MS
      "e2e/api/payments-virtual-account.test.ts", // in-process deposit hooks
      "e2e/api/identity-verifications.test.ts", // an in-process LIVE adapter, a faked clock
    ],
    globalSetup: ["lib/testing/http-global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
