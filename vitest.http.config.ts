import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * The HTTP pass: the API suite and the routing checks over real HTTP against the production build
 * (`npx next build` first). scripts/test.sh runs it on SQLite and PostgreSQL after the build.
 * Files whose tests all reach into the server's process stay in-process only (a faked clock,
 * adapters registered in the test process); a single such test elsewhere uses `inProcess(m)`
 * (lib/testing/fixtures.ts), whose client skips HTTP.
 */
// The base config's projects (suite, at-rest) are for the in-process run only.
const { projects: _inProcessProjects, ...shared } = base.test ?? {};

export default defineConfig({
  ...base,
  test: {
    ...shared,
    include: ["e2e/api/**/*.test.ts", "e2e/http/**/*.test.ts"],
    exclude: [
      "e2e/api/token-lifetimes.test.ts", // fakes Date
      "e2e/api/status-updated-at.test.ts", // fakes Date
      "e2e/api/payments-provider-failures.test.ts", // in-process crashing adapters
    ],
    globalSetup: ["lib/testing/http-global-setup.ts"],
  },
});
