import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { loadPayment } from "@/lib/payments/read/load-payment";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { apiAs } from "@/lib/testing/api";
import { issueKey, makeDue, payBody, runUntilSettled } from "@/lib/testing/billing";
import { newMerchant } from "@/lib/testing/fixtures";
import { addStoreWithLimitedKey } from "@/lib/testing/tenants";
import { insertStore } from "@/lib/tenancy/insert-store";
import {
  createScheduleResponse,
  deleteSchedulesResponse,
  getScheduleResponse,
  listSchedulesResponse,
} from "@/lib/schedules/schema";
import type { Json } from "@/lib/testing/json";

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

function expectError(res: { status: number; body: Json }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ code, params: expect.any(Object) });
}

async function book(m: Merchant, key: string, paymentId: string, extra: Record<string, unknown> = {}) {
  const res = await m.api.post("/v2/schedules", {
    ...payBody(key),
    payment_id: paymentId,
    scheduled_at: inHours(1),
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
}

describe("POST /v2/schedules", () => {
  it("books a payment and its run job (run_at = scheduled_at) in one go", async () => {
    const m = await newMerchant();
    const key = await issueKey(m, undefined, { customer: { customer_id: "cust-1" } });
    const at = "2099-01-02T03:04:05+09:00";
    const res = await m.api.post("/v2/schedules", {
      ...payBody(key, {
        tax_free_amount: 100,
        notice_urls: ["https://example.com/n"],
        products: [{ id: "p", name: "Plan", amount: 9900, quantity: 1 }],
        card_installment_plan: 2,
      }),
      payment_id: "sub-2099-01",
      scheduled_at: at,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.stringMatching(/^schedule-/), scheduled_at: "2099-01-01T18:04:05.000Z" });
    createScheduleResponse.parse(res.body);
    const got = await m.api.get(`/v2/schedules/${res.body.id}`);
    expect(got.status).toBe(200);
    getScheduleResponse.parse(got.body);
    expect(got.body.schedule).toEqual({
      id: res.body.id,
      merchant_id: m.merchant_id,
      store_id: m.store_id,
      billing_key: key,
      payment_id: "sub-2099-01",
      status: "SCHEDULED",
      scheduled_at: "2099-01-01T18:04:05.000Z",
      order_name: "Monthly plan",
      is_cultural_expense: false,
      is_escrow: false,
      products: [{ id: "p", name: "Plan", amount: 9900, quantity: 1 }],
      customer: { id: "cust-1" },
      total_amount: 9900,
      tax_free_amount: 100,
      currency: "KRW",
      origin: expect.objectContaining({ platform_type: "API" }),
      notice_urls: ["https://example.com/n"],
      installment_month: 2,
    });
    const job = await getDb()
      .selectFrom("jobs")
      .selectAll()
      .where("dedupe_key", "=", `schedule:${res.body.id}`)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ queue: "schedule.run", state: "QUEUED", run_at: Date.parse(at) });
  });

  it("400 INVALID_REQUEST without scheduled_at or with a malformed one", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const missing = await m.api.post("/v2/schedules", { ...payBody(key), payment_id: "p1" });
    expectError(missing, 400, "INVALID_REQUEST");
    expect(missing.body.params.message).toContain("scheduled_at");
    expectError(
      await m.api.post("/v2/schedules", { ...payBody(key), payment_id: "p1", scheduled_at: "tomorrow" }),
      400,
      "INVALID_REQUEST",
    );
    expectError(
      await m.api.post("/v2/schedules", { ...payBody(key), scheduled_at: inHours(1) }),
      400,
      "INVALID_REQUEST",
    );
  });

  it("400 PAST_SCHEDULED for a time not in the future", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    expectError(
      await m.api.post("/v2/schedules", {
        ...payBody(key),
        payment_id: "p1",
        scheduled_at: new Date(Date.now() - 1000).toISOString(),
      }),
      400,
      "PAST_SCHEDULED",
    );
  });

  it("400 TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_TOTAL_AMOUNT", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    expectError(
      await m.api.post("/v2/schedules", {
        ...payBody(key, { tax_free_amount: 99_999 }),
        payment_id: "p1",
        scheduled_at: inHours(1),
      }),
      400,
      "TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_TOTAL_AMOUNT",
    );
  });

  it("400 PAYMENT_ALREADY_EXISTS for a paid payment id; a failed one may be booked again", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    expect((await m.api.post("/v2/payments/paid-1/billing-key/pay", payBody(key))).status).toBe(200);
    expectError(
      await m.api.post("/v2/schedules", { ...payBody(key), payment_id: "paid-1", scheduled_at: inHours(1) }),
      400,
      "PAYMENT_ALREADY_EXISTS",
    );
    const declining = await issueKey(m, SANDBOX_CARDS.BILLING_CHARGES_DECLINED);
    expect((await m.api.post("/v2/payments/failed-1/billing-key/pay", payBody(declining))).status).toBe(500);
    await book(m, key, "failed-1");
  });

  it("400 PAYMENT_ALREADY_SCHEDULED while a schedule is booked for the payment id", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const first = await book(m, key, "p1");
    const again = await m.api.post("/v2/schedules", { ...payBody(key), payment_id: "p1", scheduled_at: inHours(2) });
    expectError(again, 400, "PAYMENT_ALREADY_SCHEDULED");
    await m.api.delete(`/v2/schedules?billing_key=${key}&schedule_id=${first}`);
    await book(m, key, "p1");
  });

  it("400 BILLING_KEY_DELETED on a deleted key", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    await m.api.delete(`/v2/billing-keys/${key}`);
    expectError(
      await m.api.post("/v2/schedules", { ...payBody(key), payment_id: "p1", scheduled_at: inHours(1) }),
      400,
      "BILLING_KEY_DELETED",
    );
  });

  it("404 BILLING_KEY_NOT_FOUND / STORE_NOT_FOUND across merchants; 403 PERMISSION_DENIED for a store-limited key", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const foreign = await issueKey(b);
    const own = await issueKey(a);
    expectError(
      await a.api.post("/v2/schedules", { ...payBody("billing-key-nope"), payment_id: "p1", scheduled_at: inHours(1) }),
      404,
      "BILLING_KEY_NOT_FOUND",
    );
    expectError(
      await a.api.post("/v2/schedules", { ...payBody(foreign), payment_id: "p1", scheduled_at: inHours(1) }),
      404,
      "BILLING_KEY_NOT_FOUND",
    );
    expectError(
      await a.api.post("/v2/schedules", {
        ...payBody(foreign),
        store_id: b.store_id,
        payment_id: "p1",
        scheduled_at: inHours(1),
      }),
      404,
      "STORE_NOT_FOUND",
    );
    const sub = await insertStore(getDb(), { merchantId: a.merchant_id, name: "Sub", isDefault: false });
    const limited = apiAs(
      (await loginWithApiKey((await createApiKey({ merchantId: a.merchant_id, storeId: sub.id, name: "sub" })).apiKey))
        .accessToken,
    );
    expectError(
      await limited.post("/v2/schedules", {
        ...payBody(own),
        store_id: a.store_id,
        payment_id: "p1",
        scheduled_at: inHours(1),
      }),
      403,
      "PERMISSION_DENIED",
    );
    expect(
      await getDb().selectFrom("schedules").select("id").where("billing_key", "in", [foreign, own]).execute(),
    ).toEqual([]);
  });
});

describe("GET /v2/schedules", () => {
  it("filters by scheduled_at range (default: the 90 days up to now), status and key; pages from 0", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const ids = [];
    for (let i = 1; i <= 5; i++) ids.push(await book(m, key, `p${i}`, { scheduled_at: inHours(i) }));
    await m.api.delete(`/v2/schedules?billing_key=${key}&schedule_id=${ids[0]}`);
    expect((await m.api.get("/v2/schedules")).body).toEqual({
      current_page: 0,
      total_page: 0,
      total_count: 0,
      schedules: [],
    });
    const end = encodeURIComponent(inHours(10));
    const all = await m.api.get(`/v2/schedules?end=${end}&limit=2&page=1`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ current_page: 1, total_page: 3, total_count: 5 });
    listSchedulesResponse.parse(all.body);
    expect(all.body.schedules.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    const booked = await m.api.get(`/v2/schedules?end=${end}&status=SCHEDULED&status=STARTED&limit=1000`);
    expect(booked.body.total_count).toBe(4);
    const cancelled = await m.api.get(`/v2/schedules?end=${end}&status[]=CANCELLED&billing_key=${key}`);
    expect(cancelled.body.schedules.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([
      [ids[0], "CANCELLED"],
    ]);
    expect(cancelled.body.schedules[0].cancelled_at).toMatch(RFC3339);
    const narrow = await m.api.get(
      `/v2/schedules?start=${encodeURIComponent(inHours(2.5))}&end=${encodeURIComponent(inHours(3.5))}`,
    );
    expect(narrow.body.schedules.map((s: { id: string }) => s.id)).toEqual([ids[2]]);
  });

  it("400 INVALID_REQUEST for limit over 1000, a bad status or start after end", async () => {
    const m = await newMerchant();
    expectError(await m.api.get("/v2/schedules?limit=1001"), 400, "INVALID_REQUEST");
    expectError(await m.api.get("/v2/schedules?status=DONE"), 400, "INVALID_REQUEST");
    expectError(
      await m.api.get(`/v2/schedules?start=${encodeURIComponent(inHours(1))}&end=${encodeURIComponent(inHours(-1))}`),
      400,
      "INVALID_REQUEST",
    );
  });

  it("never lists another merchant's schedules", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    await book(b, await issueKey(b), "p1");
    const end = encodeURIComponent(inHours(5));
    expect((await a.api.get(`/v2/schedules?end=${end}`)).body.total_count).toBe(0);
    expectError(await a.api.get(`/v2/schedules?store_id=${b.store_id}&end=${end}`), 404, "STORE_NOT_FOUND");
  });
});

describe("GET /v2/schedules/{schedule_id}", () => {
  it("404 SCHEDULE_NOT_FOUND for an unknown or another merchant's schedule", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const foreign = await book(b, await issueKey(b), "p1");
    expectError(await a.api.get("/v2/schedules/schedule-nope"), 404, "SCHEDULE_NOT_FOUND");
    expectError(await a.api.get(`/v2/schedules/${foreign}`), 404, "SCHEDULE_NOT_FOUND");
    expectError(await a.api.get(`/v2/schedules/${foreign}?store_id=${b.store_id}`), 404, "SCHEDULE_NOT_FOUND");
  });
});

describe("DELETE /v2/schedules", () => {
  it("cancels the listed schedules, or every booked one of the key when none is listed", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const [s1, s2, s3] = [await book(m, key, "p1"), await book(m, key, "p2"), await book(m, key, "p3")];
    const listed = await m.api.delete(`/v2/schedules?billing_key=${key}&schedule_id=${s1}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ deleted_schedule_ids: [s1] });
    deleteSchedulesResponse.parse(listed.body);
    const got = (await m.api.get(`/v2/schedules/${s1}`)).body.schedule;
    expect(got.status).toBe("CANCELLED");
    expect(got.cancelled_at).toMatch(RFC3339);
    const rest = await m.api.delete(`/v2/schedules?billing_key=${key}`);
    expect(rest.body.deleted_schedule_ids.sort()).toEqual([s2, s3].sort());
    expect((await m.api.delete(`/v2/schedules?billing_key=${key}&schedule_id=`)).body).toEqual({
      deleted_schedule_ids: [],
    });
  });

  it("400 SCHEDULE_ALREADY_PROCESSED when a listed schedule was cancelled or ran; nothing is cancelled then", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const [s1, s2] = [await book(m, key, "p1"), await book(m, key, "p2")];
    await m.api.delete(`/v2/schedules?billing_key=${key}&schedule_id=${s1}`);
    const res = await m.api.delete(`/v2/schedules?billing_key=${key}&schedule_id=${s1},${s2}`);
    expectError(res, 400, "SCHEDULE_ALREADY_PROCESSED");
    expect(res.body.params.schedule_ids).toEqual([s1]);
    expect((await m.api.get(`/v2/schedules/${s2}`)).body.schedule.status).toBe("SCHEDULED");
    await makeDue([s2]);
    await runUntilSettled([s2]);
    expectError(
      await m.api.delete(`/v2/schedules?billing_key=${key}&schedule_id=${s2}`),
      400,
      "SCHEDULE_ALREADY_PROCESSED",
    );
  });

  it("400 INVALID_REQUEST without billing_key", async () => {
    const m = await newMerchant();
    const res = await m.api.delete("/v2/schedules?schedule_id=x");
    expectError(res, 400, "INVALID_REQUEST");
    expect(res.body.params.message).toContain("billing_key");
  });

  it("no 404 (CONTRACT §5): an unknown or another merchant's key, schedule or store is 400 INVALID_REQUEST naming it, and stays booked", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const foreignKey = await issueKey(b);
    const foreign = await book(b, foreignKey, "p1");
    const cases: [string, string][] = [
      [`/v2/schedules?billing_key=${foreignKey}`, "billing_key"],
      ["/v2/schedules?billing_key=billing-key-nope", "billing_key"],
      [`/v2/schedules?billing_key=${await issueKey(a)}&schedule_id=${foreign}`, "schedule_id"],
      [`/v2/schedules?store_id=${b.store_id}&billing_key=${foreignKey}`, "store_id"],
      [`/v2/schedules?store_id=store-nope&billing_key=${foreignKey}`, "store_id"],
    ];
    for (const [url, field] of cases) {
      const res = await a.api.delete(url);
      expectError(res, 400, "INVALID_REQUEST");
      expect(res.body.params.field, url).toBe(field);
      expect(res.body.params.message, url).toContain(field);
    }
    const limited = await addStoreWithLimitedKey(a.merchant_id);
    const denied = await limited.api.delete(`/v2/schedules?store_id=${b.store_id}&billing_key=${foreignKey}`);
    expectError(denied, 400, "INVALID_REQUEST");
    expect((await b.api.get(`/v2/schedules/${foreign}`)).body.schedule.status).toBe("SCHEDULED");
  });
});

describe("running due schedules", () => {
  it("SCHEDULED → STARTED → COMPLETED, creating the payment with schedule_id and billing_key", async () => {
    const m = await newMerchant();
    const key = await issueKey(m, undefined, { customer: { customer_id: "cust-9" } });
    const id = await book(m, key, "sub-1", { notice_urls: ["https://example.com/n"] });
    await makeDue([id]);
    await runUntilSettled([id]);
    const schedule = (await m.api.get(`/v2/schedules/${id}`)).body.schedule;
    expect(schedule.status).toBe("COMPLETED");
    expect(schedule.started_at).toMatch(RFC3339);
    expect(schedule.completed_at).toMatch(RFC3339);
    expect(Date.parse(schedule.completed_at)).toBeGreaterThanOrEqual(Date.parse(schedule.started_at));
    const res = await m.api.get("/v2/payments/sub-1");
    expect(res.status).toBe(200);
    expect(res.body.payment.transactions).toHaveLength(1);
    expect(res.body.payment.transactions[0]).toMatchObject({
      status: "PAID",
      schedule_id: id,
      billing_key: key,
      customer: { id: "cust-9" },
      amount: { total: 9900, paid: 9900 },
    });
  });

  it("a declined charge still completes the schedule; the payment shows FAILED", async () => {
    const m = await newMerchant();
    const key = await issueKey(m, SANDBOX_CARDS.BILLING_CHARGES_DECLINED);
    const id = await book(m, key, "sub-1");
    await makeDue([id]);
    await runUntilSettled([id]);
    expect((await m.api.get(`/v2/schedules/${id}`)).body.schedule.status).toBe("COMPLETED");
    const payment = (await m.api.get("/v2/payments/sub-1")).body.payment;
    expect(payment.transactions[0]).toMatchObject({
      status: "FAILED",
      schedule_id: id,
      failure: { pg_code: "CARD_DECLINED" },
    });
  });

  it("a cancelled schedule's job does nothing", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const id = await book(m, key, "sub-1");
    await m.api.delete(`/v2/schedules?billing_key=${key}`);
    await makeDue([id]);
    await runUntilSettled([id]);
    // Done jobs are deleted; a failed one would stay.
    const job = await getDb()
      .selectFrom("jobs")
      .selectAll()
      .where("dedupe_key", "=", `schedule:${id}`)
      .executeTakeFirst();
    expect(job).toBeUndefined();
    expect((await m.api.get(`/v2/schedules/${id}`)).body.schedule.status).toBe("CANCELLED");
    expect(await loadPayment(m.merchant_id, { storeId: m.store_id, paymentId: "sub-1" })).toBeNull();
  });
});

describe("concurrent booking", () => {
  it("two bookings of one payment id at once: exactly one succeeds, the other is PAYMENT_ALREADY_SCHEDULED", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const body = { ...payBody(key), payment_id: "race-1", scheduled_at: inHours(1) };
    const results = await Promise.all([
      m.api.post("/v2/schedules", body),
      m.api.post("/v2/schedules", body),
      m.api.post("/v2/schedules", body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    for (const r of results.filter((r) => r.status === 400)) expect(r.body.code).toBe("PAYMENT_ALREADY_SCHEDULED");
  });

  it("booking while the key is being deleted: never both (no schedule left on a deleted key)", async () => {
    for (let round = 0; round < 5; round++) {
      const m = await newMerchant();
      const key = await issueKey(m);
      const [booked, deleted] = await Promise.all([
        m.api.post("/v2/schedules", { ...payBody(key), payment_id: "race", scheduled_at: inHours(1) }),
        m.api.delete(`/v2/billing-keys/${key}`),
      ]);
      const outcome = [
        booked.status === 200 ? "booked" : booked.body.code,
        deleted.status === 200 ? "deleted" : deleted.body.code,
      ];
      expect([
        ["booked", "BOOKED_SCHEDULE_EXISTENCE"],
        ["BILLING_KEY_DELETED", "deleted"],
      ]).toContainEqual(outcome);
    }
  });
});
