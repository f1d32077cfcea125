import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi";
import { newId } from "@/lib/ids";
import { callApi } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { paymentChannelKey } from "@/lib/testing/payments";
import { exerciseApi } from "./openapi-client/requests";

const run = promisify(execFile);
const here = path.join(process.cwd(), "e2e/api/openapi-client");

/** openapi-fetch's requests, answered by the API (in-process, or over HTTP in the HTTP pass). */
async function apiFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.method === "GET" || request.method === "DELETE" ? undefined : await request.text();
  const res = await callApi(request.method, url.pathname + url.search, {
    rawBody: body,
    headers: Object.fromEntries(request.headers),
  });
  return new Response(res.body === null ? null : JSON.stringify(res.body), {
    status: res.status,
    headers: res.headers,
  });
}

describe("a client generated from /openapi.json", () => {
  it("type-checks the API suite's requests against the generated types", async () => {
    // Inside the project, so requests.ts finds openapi-fetch; removed afterwards.
    const dir = mkdtempSync(path.join(process.cwd(), ".openapi-client-"));
    try {
      writeFileSync(path.join(dir, "paths.ts"), await openapiTS(openApiDocument() as never));
      copyFileSync(path.join(here, "requests.ts"), path.join(dir, "requests.ts"));
      writeFileSync(
        path.join(dir, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noUncheckedIndexedAccess: true,
            target: "ES2022",
            lib: ["dom", "esnext"],
            module: "esnext",
            moduleResolution: "bundler",
            noEmit: true,
            skipLibCheck: true,
          },
          files: ["requests.ts"],
        }),
      );
      const tsc = path.join(process.cwd(), "node_modules/typescript/bin/tsc");
      const out = await run(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json")]).then(
        (r) => r.stdout,
        (e: { stdout?: string }) => e.stdout ?? "type check failed",
      );
      expect(out.trim()).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("makes those requests, numbers and booleans as typed, and the API accepts every one", async () => {
    const m = await newMerchant();
    const statuses = await exerciseApi({
      apiKey: m.api_key,
      channelKey: paymentChannelKey(m),
      fetch: apiFetch,
      id: (prefix) => newId(prefix),
    });
    expect(statuses.filter((s) => !s.endsWith(" 200"))).toEqual([]);
    expect(statuses).toHaveLength(14);
  });
});
