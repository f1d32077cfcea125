import { describe, expect, it } from "vitest";
import { z } from "zod";
import { queryArray, queryBoolean } from "@/lib/schema/fields";
import { DomainError } from "@/lib/errors/domain-error";
import { apiRoute } from "./handler";
import { newMerchant } from "@/lib/testing/fixtures";

const call = (handler: (r: Request) => Promise<Response>, url: string, init?: RequestInit) =>
  handler(new Request(`http://localhost${url}`, init));

describe("apiRoute", () => {
  const listRoute = apiRoute(
    {
      family: "payment",
      auth: "none",
      query: z.object({
        status: queryArray(z.enum(["PAID", "CANCELLED", "FAILED"])),
        is_test: queryBoolean.optional(),
      }),
    },
    async ({ query }) => query,
  );

  it("accepts query arrays as repeated keys, brackets and comma lists", async () => {
    for (const q of ["status=PAID&status=CANCELLED", "status[]=PAID&status[]=CANCELLED", "status=PAID,CANCELLED"]) {
      const res = await call(listRoute, `/x?${q}`);
      expect(await res.json()).toEqual({ status: ["PAID", "CANCELLED"] });
    }
  });

  it("names the offending query field in a 400 {code, params}", async () => {
    const res = await call(listRoute, "/x?status=NOPE&is_test=maybe");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("INVALID_REQUEST");
    expect(body.params.message).toContain("query.status");
  });

  it("turns an unexpected failure into 500 SERVICE_ERROR without a stack", async () => {
    const boom = apiRoute({ family: "payment", auth: "none" }, async () => {
      throw new Error("secret internal detail");
    });
    const res = await call(boom, "/x");
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text).code).toBe("SERVICE_ERROR");
    expect(text).not.toContain("secret internal detail");
    expect(text).not.toContain("at ");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("renders each family's envelope", async () => {
    const failing = (family: "login" | "platform" | "payment") =>
      apiRoute({ family, auth: "none" }, async () => {
        throw new DomainError("PERMISSION_DENIED", "nope");
      });
    expect(await (await call(failing("login"), "/x")).json()).toEqual({ type: "FORBIDDEN", message: "nope" });
    expect(await (await call(failing("platform"), "/x")).json()).toEqual({
      code: "FORBIDDEN",
      params: { message: "nope" },
      message: "nope",
    });
    expect(await (await call(failing("payment"), "/x")).json()).toEqual({
      code: "PERMISSION_DENIED",
      params: { message: "nope" },
    });
  });

  it("refuses hosting-only routes to merchants without the contract (403 FORBIDDEN)", async () => {
    const hostingRoute = apiRoute({ family: "platform", auth: "hosting" }, async () => ({ ok: true }));
    const plain = await newMerchant();
    const res = await hostingRoute(
      new Request("http://localhost/x", { headers: { authorization: `Bearer ${plain.accessToken}` } }),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: "FORBIDDEN",
      params: { message: expect.any(String) },
      message: expect.any(String),
    });
    const hosting = await newMerchant({ hosting: true });
    const ok = await hostingRoute(
      new Request("http://localhost/x", { headers: { authorization: `Bearer ${hosting.accessToken}` } }),
    );
    expect(ok.status).toBe(200);
  });
});

describe("Idempotency-Key", () => {
  let charges = 0;
  const chargeRoute = apiRoute(
    { family: "payment", auth: "token", body: z.object({ amount: z.number() }) },
    async ({ body }) => {
      charges += 1;
      await new Promise((r) => setTimeout(r, 50));
      return { charged: body.amount, n: charges };
    },
  );
  const post = (token: string, key: string, body: unknown) =>
    chargeRoute(
      new Request("http://localhost/charge", {
        method: "POST",
        body: JSON.stringify(body),
        headers: { authorization: `Bearer ${token}`, "idempotency-key": key },
      }),
    );

  it("replays the first response, refuses another body (422) and concurrent duplicates (409)", async () => {
    const m = await newMerchant();
    charges = 0;
    const results = await Promise.all(Array.from({ length: 20 }, () => post(m.accessToken, "key-1", { amount: 100 })));
    // Each duplicate is refused while the first runs (409) or, if it arrives after, replays it.
    const firstRuns = results.filter((r) => r.status === 200 && r.headers.get("idempotent-replayed") !== "true");
    const replays = results.filter((r) => r.status === 200 && r.headers.get("idempotent-replayed") === "true");
    const refused = results.filter((r) => r.status === 409);
    expect(firstRuns.length).toBe(1);
    expect(replays.length + refused.length).toBe(19);
    expect(charges).toBe(1);
    for (const r of refused) expect((await r.json()).code).toBe("IDEMPOTENCY_REQUEST_IN_PROGRESS");
    for (const r of replays) expect(await r.json()).toEqual({ charged: 100, n: 1 });

    const replay = await post(m.accessToken, "key-1", { amount: 100 });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toEqual({ charged: 100, n: 1 });
    expect(charges).toBe(1);

    const reused = await post(m.accessToken, "key-1", { amount: 200 });
    expect(reused.status).toBe(422);
    expect((await reused.json()).code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("keys are per merchant", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    charges = 0;
    expect((await post(a.accessToken, "shared", { amount: 1 })).status).toBe(200);
    expect((await post(b.accessToken, "shared", { amount: 2 })).status).toBe(200);
    expect(charges).toBe(2);
  });
});
