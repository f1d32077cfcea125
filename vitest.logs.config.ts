import { defineConfig } from "vitest/config";

/** Runs last in scripts/test.sh: scans the logs the whole suite wrote (e2e/logs/scan.test.ts). */
export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: { include: ["e2e/logs/**/*.test.ts"], testTimeout: 60_000 },
});
