import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    include: ["lib/**/*.test.ts", "e2e/api/**/*.test.ts", "scripts/**/*.test.ts"],
    globalSetup: ["lib/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // The tests' webhook receivers listen on 127.0.0.1, which is refused unless allowed.
    env: { WEBHOOK_ALLOW_PRIVATE: "true" },
  },
});
