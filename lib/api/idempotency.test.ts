import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { newMerchant } from "@/lib/testing/fixtures";
import { apiRoute } from "./handler";
import { runIdempotent, type IdempotencyScope, type StoredResponse } from "./idempotency";

const keyRow = (scope: IdempotencyScope) =>
  getDb()
    .selectFrom("idempotency_keys")
    .selectAll()
    .where("merchant_id", "=", scope.merchantId)
    .where("store_scope", "=", scope.storeScope)
    .where("idempotency_key", "=", scope.key)
    .executeTakeFirst();

describe("idempotency records", () => {
  it("verbs see the request's Idempotency-Key in ctx (to answer a re-run from the settled outcome)", async () => {
    const m = await newMerchant();
    const route = apiRoute({ family: "payment", auth: "token" }, async ({ ctx }) => ({
      key: ctx.idempotencyKey ?? null,
    }));
    const call = (method: string, headers: Record<string, string> = {}) =>
      route(
        new Request("http://localhost/x", {
          method,
          headers: { authorization: `Bearer ${m.accessToken}`, ...headers },
          body: method === "POST" ? "{}" : undefined,
        }),
      );
    expect(await (await call("POST", { "idempotency-key": "k-1" })).json()).toEqual({ key: "*/k-1" }); // scoped: merchant-wide key space
    expect(await (await call("POST")).json()).toEqual({ key: null });
    expect(await (await call("GET", { "idempotency-key": "k-1" })).json()).toEqual({ key: null });
  });

  it("a request whose key was taken over does not overwrite the new holder's record", async () => {
    const scope = { merchantId: `m_${newId()}`, storeScope: "*", key: "k" };
    let finish!: () => void;
    const first = runIdempotent(
      scope,
      "hash",
      () =>
        new Promise<StoredResponse>((resolve) => (finish = () => resolve({ status: 200, body: '{"from":"first"}' }))),
    );
    while (!(await keyRow(scope))) await new Promise((r) => setTimeout(r, 5));
    // Another process took the key over (this one looked dead: its lease ran out).
    await getDb()
      .updateTable("idempotency_keys")
      .set({ lease_owner: "req_other", locked_until: Date.now() + 60_000 })
      .where("merchant_id", "=", scope.merchantId)
      .execute();
    finish();
    expect((await first).status).toBe(200);
    expect(await keyRow(scope)).toMatchObject({ state: "RUNNING", lease_owner: "req_other", response_body: null });
  });

  it("a 5xx or a throw frees the key so the client may retry", async () => {
    const scope = { merchantId: `m_${newId()}`, storeScope: "*", key: "k" };
    expect((await runIdempotent(scope, "h", async () => ({ status: 502, body: "{}" }))).status).toBe(502);
    expect(await keyRow(scope)).toBeUndefined();
    await expect(runIdempotent(scope, "h", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await keyRow(scope)).toBeUndefined();
    expect(await runIdempotent(scope, "h", async () => ({ status: 200, body: "{}" }))).toMatchObject({
      status: 200,
      replayed: false,
    });
    expect(await runIdempotent(scope, "h", async () => ({ status: 200, body: "{}" }))).toMatchObject({
      status: 200,
      replayed: true,
    });
  });
});
