import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { commitsExecuted, queriesBuilt, statementsExecuted, statementsPreparedAfresh } from "@/lib/db/statement-cache";
import { newId } from "@/lib/ids";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { issueKey, payBody } from "@/lib/testing/billing";
import { cardPayBody, newPaymentId, paidPayment } from "@/lib/testing/payments";
import { quiet } from "@/lib/testing/quiet";
import { DAY } from "@/lib/time";
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

  it("a key past its 24 h retention is forgotten: a request with another body takes it and runs", async () => {
    const scope = { merchantId: `m_${newId()}`, storeScope: "*", key: "k" };
    const longAgo = Date.now() - DAY - 60_000;
    await getDb()
      .insertInto("idempotency_keys")
      .values({
        merchant_id: scope.merchantId,
        store_scope: "*",
        idempotency_key: "k",
        request_hash: "old body",
        state: "DONE",
        response_status: 200,
        response_body: '{"from":"old"}',
        lease_owner: null,
        locked_until: longAgo,
        created_at: longAgo,
      })
      .execute();
    const fresh = await runIdempotent(scope, "new body", async () => ({ status: 200, body: '{"from":"new"}' }));
    expect(fresh).toMatchObject({ body: '{"from":"new"}', replayed: false });
    expect(await keyRow(scope)).toMatchObject({ state: "DONE", request_hash: "new body", lease_owner: null });
    expect((await keyRow(scope))!.created_at).toBeGreaterThan(longAgo + DAY);
  });
});

describe("the cost of an Idempotency-Key", () => {
  // Every keyed POST pays these statements (a third of a payment's CPU on PostgreSQL when the key
  // was taken in two statements, each built by Kysely and parsed and planned by PostgreSQL afresh).
  it("builds none of the key's statements per request, and PostgreSQL plans none of them afresh", async () => {
    const m = await newMerchant();
    const route = apiRoute({ family: "payment", auth: "token" }, async () => ({ ok: true }));
    const post = async () => {
      const res = await route(
        new Request("http://localhost/x", {
          method: "POST",
          headers: { authorization: `Bearer ${m.accessToken}`, "idempotency-key": newId("k-") },
          body: "{}",
        }),
      );
      expect(res.status).toBe(200);
    };
    await post(); // the first request builds and prepares each statement once
    let fewest = { statements: Number.POSITIVE_INFINITY, built: -1, afresh: -1 };
    for (let run = 0; run < 3; run++) {
      await quiet();
      const before = { statements: statementsExecuted(), built: queriesBuilt(), afresh: statementsPreparedAfresh() };
      await post();
      const statements = statementsExecuted() - before.statements;
      if (statements < fewest.statements)
        fewest = {
          statements,
          built: queriesBuilt() - before.built,
          afresh: statementsPreparedAfresh() - before.afresh,
        };
    }
    expect({ built: fewest.built, afresh: fewest.afresh }).toEqual({ built: 0, afresh: 0 });
  });

  /**
   * Durable commits of `act` keyed minus unkeyed: the fewest of three runs each (background work
   * only ever adds to a count). `act` asserts its own success.
   */
  const commitsOfTheKey = async (act: (key?: string) => Promise<unknown>) => {
    const commitsOf = async (key: () => string | undefined) => {
      let fewest = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run++) {
        await quiet();
        const before = commitsExecuted();
        await act(key());
        fewest = Math.min(fewest, commitsExecuted() - before);
      }
      return fewest;
    };
    await act(newId("k-")); // statements prepared, the token's key read
    const plain = await commitsOf(() => undefined);
    const keyed = await commitsOf(() => newId("k-"));
    return keyed - plain;
  };

  // The key's answer used to be a durable commit of its own after the payment's outcome: on
  // PostgreSQL a WAL flush per payment, most of what the key cost.
  it("a keyed payment keeps its answer in the outcome's commit: one durable commit more than without the key", async () => {
    const m = inProcess(await newMerchant());
    const pay = async (key?: string) => {
      const res = await m.api.post(
        `/v2/payments/${newPaymentId()}/instant/pay`,
        cardPayBody(m),
        key ? { "idempotency-key": key } : {},
      );
      expect(res.status).toBe(200);
      return res;
    };
    expect(await commitsOfTheKey(pay)).toBe(1); // taking the key; its answer rides on the outcome's commit

    // And the key replays that answer.
    const key = newId("k-");
    const id = newPaymentId();
    const first = await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m), { "idempotency-key": key });
    const again = await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m), { "idempotency-key": key });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  it("a keyed billing-key payment keeps its answer in the outcome's commit, and replays it", async () => {
    const m = inProcess(await newMerchant());
    const billingKey = await issueKey(m);
    const pay = async (key?: string, id = newPaymentId()) => {
      const res = await m.api.post(
        `/v2/payments/${id}/billing-key/pay`,
        payBody(billingKey),
        key ? { "idempotency-key": key } : {},
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res;
    };
    expect(await commitsOfTheKey(pay)).toBe(1);

    const key = newId("k-");
    const id = newPaymentId();
    const first = await pay(key, id);
    const again = await pay(key, id);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  it("a keyed cancellation keeps its answer in the outcome's commit, and replays it", async () => {
    const m = inProcess(await newMerchant());
    const cancel = async (key?: string, id?: string) => {
      const paymentId = id ?? (await paidPayment(m));
      const res = await m.api.post(
        `/v2/payments/${paymentId}/cancel`,
        { reason: "changed mind" },
        key ? { "idempotency-key": key } : {},
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res;
    };
    // Each run pays first (no key) and cancels: the difference is the cancellation's key alone.
    expect(await commitsOfTheKey((key) => cancel(key))).toBe(1);

    const key = newId("k-");
    const id = await paidPayment(m);
    const first = await cancel(key, id);
    const again = await cancel(key, id);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    // Read in the outcome's transaction: the payment as it stands after the cancellation.
    expect(first.body).toMatchObject({ payment: { transactions: [{ status: "CANCELLED" }] } });
  });
});
