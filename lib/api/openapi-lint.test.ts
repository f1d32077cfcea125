import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi";

const run = promisify(execFile);
const redocly = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");

type Problem = { ruleId: string; severity: string; message: string; location: { pointer?: string }[] };

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended lint with no error and no warning", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
    try {
      const file = path.join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(openApiDocument()));
      // Exit code 1 means problems were found; the JSON report is on stdout either way.
      const stdout = await run(
        process.execPath,
        [redocly, "lint", file, "--extends", "recommended", "--format", "json"],
        {
          cwd: dir,
          env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
          maxBuffer: 16 * 1024 * 1024,
        },
      ).then(
        (r) => r.stdout,
        (e: { stdout?: string }) => e.stdout ?? "",
      );
      const { problems } = JSON.parse(stdout.slice(stdout.indexOf("{"))) as { problems: Problem[] };
      expect(problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ""}: ${p.message}`)).toEqual(
        [],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("names every operation once, and types integer and boolean query parameters as such", () => {
    const doc = openApiDocument() as {
      paths: Record<
        string,
        Record<string, { operationId?: string; parameters: { name: string; in: string; schema: { type?: string } }[] }>
      >;
    };
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    const ids = ops.map((o) => o.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const list = doc.paths["/v2/payments"]!.get!.parameters;
    expect(list.find((p) => p.name === "page")?.schema.type).toBe("integer");
    expect(list.find((p) => p.name === "limit")?.schema.type).toBe("integer");
    expect(list.find((p) => p.name === "is_test_payment")?.schema.type).toBe("boolean");
  });
});
