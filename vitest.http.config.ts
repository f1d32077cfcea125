import { defineConfig } from "vitest/config";

/**
 * The HTTP pass: the API suite and the routing checks over real HTTP against the production build
 * (`npx next build` first). scripts/test.sh runs it on SQLite and PostgreSQL after the build.
 * Tests that fake the clock or the process environment only make sense in-process and stay out.
 */
export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    include: ["e2e/api/**/*.test.ts", "e2e/http/**/*.test.ts"],
    exclude: ["e2e/api/token-lifetimes.test.ts", "e2e/api/status-updated-at.test.ts"],
    globalSetup: ["lib/testing/http-global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
