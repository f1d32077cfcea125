import { defineConfig } from "vitest/config";
import { TEST_ENV } from "./lib/testing/test-env";

/**
 * The chaos test (e2e/chaos): after the production build, on the database DATABASE_URL selects
 * (scripts/test.sh gives it a fresh one per database). One file, several processes of its own.
 */
export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    include: ["e2e/chaos/**/*.test.ts"],
    globalSetup: ["lib/testing/global-setup.ts"],
    testTimeout: 240_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
    env: TEST_ENV,
  },
});
