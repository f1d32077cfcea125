import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import base from "./vitest.config";

/**
 * The HTTP pass: the API suite and the routing checks over real HTTP against the production build
 * (`npx next build` first), then the same at-rest scan as the in-process suite, over what the
 * server wrote. scripts/test.sh runs it on SQLite and PostgreSQL after the build.
 * Files whose tests all reach into the server's process stay in-process only (a faked clock,
 * adapters registered in the test process); a single such test elsewhere uses `inProcess(m)`
 * (lib/testing/fixtures.ts), whose client skips HTTP.
 */
const { projects = [], ...shared } = base.test ?? {};
const atRest = projects.filter(
  (p): p is TestProjectInlineConfiguration => typeof p === "object" && "test" in p && p.test?.name === "at-rest",
);

export default defineConfig({
  ...base,
  test: {
    ...shared,
    projects: [
      {
        extends: true,
        test: {
          name: "http",
          include: ["e2e/api/**/*.test.ts", "e2e/http/**/*.test.ts"],
          exclude: [
            "e2e/api/token-lifetimes.test.ts", // fakes Date
            "e2e/api/status-updated-at.test.ts", // fakes Date
            "e2e/api/payments-provider-failures.test.ts", // in-process crashing adapters
            "e2e/api/throttling.test.ts", // sets its limits in the test process
            "e2e/api/idempotency-lease-renewal.test.ts", // sets its lease and the sandbox latency in the test process
            "e2e/api/toss-live.test.ts", // the Toss adapter runs in the test process, against the fake it starts
            "e2e/api/nice-live.test.ts", // the NICE adapter runs in the test process, against the fake it starts
            "e2e/api/nice-fake.test.ts", // the NICE fake and adapter only, no server involved
            "e2e/api/provider-conformance.test.ts", // calls adapters in the test process, no HTTP involved
            "e2e/api/toss-deposit-callback-limits.test.ts", // the Toss adapter and its limits live in the test process
            "e2e/api/routing-failover.test.ts", // adapters, faults and PROVIDER_TIMEOUT_MS of the test process
          ],
        },
      },
      ...atRest,
    ],
    globalSetup: ["lib/testing/http-global-setup.ts"],
  },
});
