import { defineConfig } from "vitest/config";
import { TEST_ENV } from "./lib/testing/test-env";

export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "suite", include: ["lib/**/*.test.ts", "e2e/api/**/*.test.ts", "scripts/**/*.test.ts"] },
      },
      // Scans the database the suite wrote for secrets kept in clear, so it runs after everything else.
      { extends: true, test: { name: "at-rest", include: ["e2e/at-rest/**/*.test.ts"], sequence: { groupOrder: 1 } } },
    ],
    globalSetup: ["lib/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    env: TEST_ENV,
  },
});
