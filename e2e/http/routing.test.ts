import { beforeAll, describe, expect, it } from "vitest";
import { callApi } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { documentChecker, type OpenApiDoc } from "@/lib/testing/openapi-conformance";
import { cardPayBody } from "@/lib/testing/payments";
import { storeBody } from "@/lib/testing/stores";
import { addStoreWithLimitedKey } from "@/lib/testing/tenants";

/**
 * Generated from the served OpenAPI document and run against the production server (HTTP pass
 * only): every route × every method, the documented errors a request can provoke without a
 * scenario (401, 403, 400, 404), each checked against the document; then what only real Next
 * routing shows: trailing slashes, percent-encoded ids, `[store-id]` params, HEAD and OPTIONS.
 */
type M = Awaited<ReturnType<typeof newMerchant>>;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const FAMILY_OF_PREFIX: [RegExp, "login" | "platform" | "payment"][] = [
  [/^\/(login|identity-verifications|v2\/test-identity-verifications)\//, "login"],
  [/^\/v2\/(stores|token-regeneration|signin)/, "platform"],
  [/^\//, "payment"],
];
const familyOf = (path: string) => FAMILY_OF_PREFIX.find(([re]) => re.test(path))![1];
const ENVELOPE = {
  login: (type: string) => ({ type, message: expect.any(String) }),
  platform: (code: string) => ({
    code,
    params: expect.objectContaining({ message: expect.any(String) }),
    message: expect.any(String),
  }),
  payment: (code: string) => ({ code, params: expect.any(Object) }),
};

let doc: OpenApiDoc;
let checker: ReturnType<typeof documentChecker>;
let m: M;
let hosting: M;
const concrete = (path: string, id = "x-missing") => path.replace(/\{[^}]+\}/g, id);
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

beforeAll(async () => {
  expect(process.env.API_BASE_URL, "the HTTP pass runs against a server (vitest.http.config.ts)").toBeTruthy();
  doc = (await callApi("GET", "/openapi.json")).body;
  checker = documentChecker(doc);
  [m, hosting] = await Promise.all([newMerchant(), newMerchant({ hosting: true })]);
});

describe("every route × every method", () => {
  it("a documented method is routed (never 405); any other answers 405 in the route's envelope with Allow", async () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      const allowed = Object.keys(ops).map((x) => x.toUpperCase());
      const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
      for (const method of METHODS) {
        const res = await callApi(method, concrete(path), {
          token: m.accessToken,
          body: method === "GET" || method === "DELETE" ? undefined : {},
        });
        if (allowed.includes(method)) {
          expect(res.status, `${method} ${path}`).not.toBe(405);
          expect(res.headers.get("content-type"), `${method} ${path}`).toContain("application/json");
        } else {
          expect({
            at: `${method} ${path}`,
            status: res.status,
            body: res.body,
            allow: res.headers.get("allow"),
          }).toEqual({
            at: `${method} ${path}`,
            status: 405,
            body: ENVELOPE[familyOf(path)]("METHOD_NOT_ALLOWED"),
            allow,
          });
        }
      }
      const options = await callApi("OPTIONS", concrete(path));
      expect({ path, status: options.status, allow: options.headers.get("allow") }).toEqual({
        path,
        status: 204,
        allow,
      });
    }
  });

  it("401 UNAUTHORIZED in the documented envelope on every authenticated operation", async () => {
    for (const { path, method, op } of operations()) {
      if (op.security !== undefined) continue; // the logins
      const res = await callApi(method, concrete(path), {
        headers: { authorization: "Bearer expired.or.forged" },
        body: method === "GET" || method === "DELETE" ? undefined : {},
      });
      expect(checker.check(method, path, res)).toEqual([]);
      expect({ at: `${method} ${path}`, status: res.status, body: res.body }).toEqual({
        at: `${method} ${path}`,
        status: 401,
        body: ENVELOPE[familyOf(path)]("UNAUTHORIZED"),
      });
    }
  });

  it("400 for an invalid request, naming the field, wherever the operation documents 400", async () => {
    for (const { path, method, op } of operations()) {
      if (!op.responses["400"]) continue;
      // A malformed JSON body, else an empty store id in the query.
      const storeParam = (op.parameters ?? []).find((p) => p.in === "query" && /^(store_id|storeId)$/.test(p.name));
      const query = !op.requestBody && storeParam ? `?${storeParam.name}=` : "";
      if (!op.requestBody && !query) continue; // nothing generic to break: the API suite covers these
      const res = await callApi(method, `${concrete(path)}${query}`, {
        token: (path.startsWith("/v2/stores") ? hosting : m).accessToken,
        rawBody: op.requestBody ? "[1, 2" : undefined,
      });
      expect(checker.check(method, path, res), `${method} ${path}`).toEqual([]);
      expect({ at: `${method} ${path}`, status: res.status }).toEqual({ at: `${method} ${path}`, status: 400 });
      const message = (res.body.message ?? res.body.params?.message) as string;
      expect(message, `${method} ${path}`).toMatch(op.requestBody ? /body/ : /store_?[iI]d/);
    }
  });

  it("404 in the documented envelope for an unknown id on reads and deletes", async () => {
    for (const { path, method, op } of operations()) {
      if (!op.responses["404"] || !path.includes("{") || (method !== "GET" && method !== "DELETE")) continue;
      const res = await callApi(method, concrete(path, "unknown-id-404"), {
        token: (path.startsWith("/v2/stores") ? hosting : m).accessToken,
      });
      expect(checker.check(method, path, res), `${method} ${path}`).toEqual([]);
      expect({ at: `${method} ${path}`, status: res.status }).toEqual({ at: `${method} ${path}`, status: 404 });
    }
  });

  it("403 in the documented envelope: hosting routes without the contract, another store with a store-limited key", async () => {
    for (const { path, method, op } of operations()) {
      if (!op.responses["403"] || !path.startsWith("/v2/stores") || method !== "GET") continue;
      const res = await callApi(method, concrete(path, hosting.store_id), { token: m.accessToken });
      expect(checker.check(method, path, res)).toEqual([]);
      expect({ at: `${method} ${path}`, status: res.status, body: res.body }).toEqual({
        at: `${method} ${path}`,
        status: 403,
        body: ENVELOPE.platform("FORBIDDEN"),
      });
    }
    const limited = await addStoreWithLimitedKey(m.merchant_id);
    const res = await limited.api.post(
      "/v2/payments/p-403/instant/pay",
      cardPayBody(m, undefined, { store_id: m.store_id }),
    );
    expect(checker.check("POST", "/v2/payments/{payment_id}/instant/pay", res)).toEqual([]);
    expect(res.body).toEqual(ENVELOPE.payment("PERMISSION_DENIED"));
  });
});

describe("what only real routing shows", () => {
  it("a trailing slash answers like the path without it", async () => {
    const id = `slash-${Date.now()}`;
    const paid = await callApi("POST", `/v2/payments/${id}/instant/pay/`, {
      token: m.accessToken,
      body: cardPayBody(m),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const read = await callApi("GET", `/v2/payments/${id}/`, { token: m.accessToken });
    expect(read.status).toBe(200);
    expect(read.body.payment.id).toBe(id);
    expect((await callApi("GET", "/v2/payments/", { token: m.accessToken })).status).toBe(200);
    expect((await callApi("PUT", `/v2/payments/${id}/`, { token: m.accessToken, body: {} })).status).toBe(405);
  });

  it("percent-encoded ids are decoded once, and round-trip", async () => {
    for (const id of ["주문-1", "order:2@shop+x", "100%real", "a.b~c"]) {
      const path = `/v2/payments/${encodeURIComponent(id)}`;
      const paid = await callApi("POST", `${path}/instant/pay`, { token: m.accessToken, body: cardPayBody(m) });
      expect(paid.status, `${id}: ${JSON.stringify(paid.body)}`).toBe(200);
      const read = await callApi("GET", path, { token: m.accessToken });
      expect(read.status, id).toBe(200);
      expect(read.body.payment.id).toBe(id);
    }
    // An encoded '/' or space is not a path separator: it reaches the id rule and is refused by name.
    for (const bad of ["a%2Fb", "a%20b"]) {
      const res = await callApi("GET", `/v2/payments/${bad}`, { token: m.accessToken });
      expect(res.status, bad).toBe(400);
      expect(res.body.params.message, bad).toContain("payment_id");
    }
  });

  it("[store-id] reaches the sub-store routes, and an unknown path under /v2 is a JSON 404", async () => {
    const store = await callApi("POST", "/v2/stores", { token: hosting.accessToken, body: storeBody() });
    expect(store.status).toBe(200);
    const read = await callApi("GET", `/v2/stores/${encodeURIComponent(store.body.id)}`, {
      token: hosting.accessToken,
    });
    expect(read.body.id).toBe(store.body.id);
    const apps = await callApi("GET", `/v2/stores/${store.body.id}/applications/`, { token: hosting.accessToken });
    expect(apps.status).toBe(200);
    const unknown = await callApi("GET", "/v2/no-such-thing", { token: m.accessToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(ENVELOPE.payment("NOT_FOUND"));
  });

  it("HEAD on a GET route answers its status without a body", async () => {
    const res = await fetch(`${process.env.API_BASE_URL}/v2/channels`, {
      method: "HEAD",
      headers: { authorization: `Bearer ${m.accessToken}` },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });
});
