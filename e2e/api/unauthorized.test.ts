import { describe, expect, it } from "vitest";
import { operations } from "@/lib/api/openapi";
import type { Operation } from "@/lib/schema/openapi-types";
import { callApi } from "@/lib/testing/api";

/** Spec Authentication 5: every endpoint but the logins answers 401 UNAUTHORIZED, in its own envelope, to a wrong credential. */
const UNAUTHORIZED: Record<Operation["family"], unknown> = {
  payment: { code: "UNAUTHORIZED", params: expect.any(Object) },
  platform: { code: "UNAUTHORIZED", params: { message: expect.any(String) }, message: expect.any(String) },
  login: { type: "UNAUTHORIZED", message: expect.any(String) },
};

const guarded = operations.filter((op) => op.auth !== "none");
const url = (op: Operation) => op.path.replace(/\{[^}]+\}/g, "x-unauthorized");

describe("401 on every authenticated route", () => {
  it("covers every documented operation that needs a credential", () => {
    expect(guarded.length).toBeGreaterThan(25);
  });

  it.each(guarded.map((op) => [op.method.toUpperCase(), op.path, op] as const))("%s %s", async (method, _path, op) => {
    for (const authorization of [undefined, "Bearer not-a-token", "PortOne sk_not_a_key", "Basic dXNlcjpwYXNz"]) {
      const res = await callApi(method, url(op), {
        headers: authorization ? { authorization } : {},
        body: method === "GET" || method === "DELETE" ? undefined : {},
      });
      expect({ authorization, status: res.status, body: res.body }).toEqual({
        authorization,
        status: 401,
        body: UNAUTHORIZED[op.family],
      });
    }
  });
});
