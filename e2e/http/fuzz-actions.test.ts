import { beforeAll, describe, expect, it } from "vitest";
import { fuzzActions } from "@/lib/testing/fuzz/actions";
import { newMerchant } from "@/lib/testing/fixtures";
import { REPO_ROOT } from "@/lib/testing/http-server";
import { dashboardSession, serverActions, type ServerAction } from "@/lib/testing/tenant-matrix/dashboard-client";
import { seedTarget, type Target } from "@/lib/testing/tenant-matrix/world";

/**
 * The dashboard's server actions fuzzed over HTTP against the production server (HTTP pass, both
 * databases), as the browser calls them: seeded hostile arguments (NUL, huge and fractional
 * numbers, long strings, wrong types, deep nesting, unknown members) on every action of the
 * build. None may fail with a 5xx or SERVICE_ERROR. ACTION_FUZZ_SEED / ACTION_FUZZ_COUNT.
 */
const SEED = Number(process.env.ACTION_FUZZ_SEED ?? 20261123);
const COUNT = Number(process.env.ACTION_FUZZ_COUNT ?? 400);

let own: Target;
let actions: ServerAction[];
let session: Awaited<ReturnType<typeof dashboardSession>>;

beforeAll(async () => {
  expect(process.env.API_BASE_URL, "the fuzzer runs against a server (vitest.http.config.ts)").toBeTruthy();
  const m = await newMerchant({ hosting: true });
  own = await seedTarget(m, "FUZZ");
  actions = serverActions(REPO_ROOT);
  session = await dashboardSession(process.env.API_BASE_URL!, m.dashboard.email, m.dashboard.password);
}, 120_000);

describe("server action fuzzer", () => {
  it(
    `${COUNT} hostile calls (seed ${SEED}): no 5xx, no SERVICE_ERROR`,
    async () => {
      const summary = await fuzzActions({ session, actions, own, seed: SEED, count: COUNT });
      console.log(`action fuzz seed ${SEED}: ${summary.requests} calls, by answer ${JSON.stringify(summary.byStatus)}`);
      expect(summary.requests).toBe(COUNT);
      expect(summary.problems.slice(0, 20)).toEqual([]);
      expect(summary.byStatus.ok ?? 0, "some calls get past validation").toBeGreaterThan(COUNT / 20);
    },
    Math.max(180_000, COUNT * 60),
  );
});
