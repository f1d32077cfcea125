import { beforeAll, describe, expect, it } from "vitest";
import { callApi } from "@/lib/testing/api";
import type { FuzzContext } from "@/lib/testing/fuzz/cases";
import { fuzzContext } from "@/lib/testing/fuzz/context";
import { fuzz } from "@/lib/testing/fuzz/run";

/**
 * The fuzzer over HTTP against the production server (HTTP pass, SQLite and PostgreSQL): requests
 * generated for every operation of /openapi.json — valid, at the limits and hostile (NUL, huge,
 * negative and fractional numbers, long and odd unicode strings, wrong types, deep nesting,
 * malformed bodies, every query-array form, bad credentials). No answer may be a 5xx other than
 * the spec's provider failures, and every 4xx is in its operation's envelope. A fixed seed and a
 * bounded count here (FUZZ_SEED, FUZZ_COUNT); `bench/fuzz.ts` runs a long one.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const COUNT = Number(process.env.FUZZ_COUNT ?? 8000);

let ctx: FuzzContext;
let doc: unknown;
beforeAll(async () => {
  expect(process.env.API_BASE_URL, "the fuzzer runs against a server (vitest.http.config.ts)").toBeTruthy();
  doc = (await callApi("GET", "/openapi.json")).body;
  ctx = await fuzzContext();
}, 120_000);

describe("API fuzzer", () => {
  it(
    `${COUNT} generated requests (seed ${SEED}): no 5xx, every 4xx in its family's envelope`,
    async () => {
      const summary = await fuzz({ baseUrl: process.env.API_BASE_URL!, doc, ctx, seed: SEED, count: COUNT });
      console.log(`fuzz seed ${SEED}: ${summary.requests} requests, by status ${JSON.stringify(summary.byStatus)}`);
      for (const line of summary.resent) console.log(`sent again (its connection closed under it): ${line}`);
      expect(summary.requests).toBe(COUNT);
      expect(summary.problems.slice(0, 20)).toEqual([]);
      // The run must reach past validation too, not only bounce off it.
      expect(summary.byStatus["200"] ?? 0).toBeGreaterThan(COUNT / 50);
    },
    Math.max(240_000, COUNT * 25),
  );
});
