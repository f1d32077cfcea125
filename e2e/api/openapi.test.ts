import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi";
import { callApi } from "@/lib/testing/api";

/** Operational endpoints for operators (docs/operations.md), not part of the merchant API. */
const OPERATIONS_PATHS = ["/healthz", "/readyz", "/metrics", "/docs"];

/** Every API route file under app/ (not the dashboard, next-auth, the JSON 404 catch-alls or operations). */
function apiRoutes(): { path: string; method: string }[] {
  const root = path.join(process.cwd(), "app");
  const out: { path: string; method: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "route.ts") {
        const rel = `/${path.relative(root, dir).split(path.sep).join("/")}`;
        if (
          rel.startsWith("/api/") ||
          rel.startsWith("/dashboard") ||
          rel.includes("[...") ||
          rel === "/openapi.json" ||
          OPERATIONS_PATHS.some((p) => rel === p || rel.startsWith(`${p}/`))
        )
          continue;
        const source = readFileSync(full, "utf8");
        const openApiPath = rel.replace(/\[([^\]]+)\]/g, "{$1}");
        for (const m of source.matchAll(
          /export const (GET|POST|PUT|DELETE|PATCH)\b|export async function (GET|POST|PUT|DELETE|PATCH)\b|export \{[^}]*\b(GET|POST|PUT|DELETE|PATCH)\b/g,
        )) {
          out.push({ path: openApiPath, method: (m[1] ?? m[2] ?? m[3])!.toLowerCase() });
        }
      }
    }
  };
  walk(root);
  return out;
}

describe("OpenAPI document", () => {
  it("has an operation for every API route that exists, and none for routes that don't", () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, unknown>> };
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(3);
    for (const r of routes) expect(doc.paths[r.path]?.[r.method], `${r.method.toUpperCase()} ${r.path}`).toBeDefined();
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it("is served at /openapi.json as OpenAPI 3.1", async () => {
    const res = await callApi("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.paths["/login/api-key"].post.requestBody.content["application/json"].schema.required).toEqual([
      "apiKey",
    ]);
  });
});
