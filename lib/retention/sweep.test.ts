import { describe, expect, it } from "vitest";
import { sha256 } from "@/lib/crypto";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { callApi } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { DAY, HOUR } from "@/lib/time";
import { RETENTION_QUEUE, runRetentionJob, scheduleRetention } from "./queue";
import { sweepExpiredRecords } from "./sweep";

const db = () => getDb();

async function idempotencyRow(merchantId: string, ageMs: number) {
  const key = newId("idem-");
  await db()
    .insertInto("idempotency_keys")
    .values({
      merchant_id: merchantId,
      store_scope: "*",
      idempotency_key: key,
      request_hash: "h",
      state: "DONE",
      response_status: 200,
      response_body: "{}",
      lease_owner: null,
      locked_until: 0,
      created_at: Date.now() - ageMs,
    })
    .execute();
  return key;
}

async function attemptRow(merchantId: string, storeId: string, ageMs: number) {
  const id = newId("wa_");
  const deliveryId = newId("wd_");
  const at = Date.now() - ageMs;
  await db()
    .insertInto("webhook_deliveries")
    .values({
      id: deliveryId,
      merchant_id: merchantId,
      store_id: storeId,
      payment_id: "p",
      tx_id: "t",
      source_job_id: null,
      event_type: "Paid",
      url: "https://example.com/hook",
      url_source: "STORE",
      trigger: "NOTIFICATION_SETTING",
      is_async: 1,
      body: "{}",
      state: "SUCCEEDED",
      attempts: 1,
      max_attempts: 6,
      next_attempt_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db()
    .insertInto("webhook_attempts")
    .values({
      id,
      delivery_id: deliveryId,
      merchant_id: merchantId,
      store_id: storeId,
      payment_id: "p",
      tx_id: "t",
      status: "SUCCEEDED",
      execution: 1,
      request_header: "{}",
      request_body: '{"status":"Paid"}',
      requested_at: at,
      response_code: 200,
      response_header: "{}",
      response_body: "ok",
      responded_at: at,
      error: null,
    })
    .execute();
  return id;
}

describe("retention sweep", () => {
  it("deletes idempotency records after 24 h and blanks webhook bodies after 30 days, keeping newer ones", async () => {
    const m = await newMerchant();
    const [oldKey, newKey] = [
      await idempotencyRow(m.merchant_id, 25 * HOUR),
      await idempotencyRow(m.merchant_id, 23 * HOUR),
    ];
    const [oldAttempt, newAttempt] = [
      await attemptRow(m.merchant_id, m.store_id, 31 * DAY),
      await attemptRow(m.merchant_id, m.store_id, 29 * DAY),
    ];
    await sweepExpiredRecords();
    const keys = (
      await db()
        .selectFrom("idempotency_keys")
        .select("idempotency_key")
        .where("merchant_id", "=", m.merchant_id)
        .execute()
    ).map((r) => r.idempotency_key);
    expect(keys).toContain(newKey);
    expect(keys).not.toContain(oldKey);
    const attempts = await db()
      .selectFrom("webhook_attempts")
      .select(["id", "request_body", "response_body", "response_code"])
      .where("id", "in", [oldAttempt, newAttempt])
      .execute();
    expect(attempts.find((a) => a.id === oldAttempt)).toEqual({
      id: oldAttempt,
      request_body: "",
      response_body: null,
      response_code: 200,
    });
    expect(attempts.find((a) => a.id === newAttempt)?.response_body).toBe("ok");
  });

  it("deletes refresh tokens 7 days after they expired, and the empty families; live logins keep working", async () => {
    const old = await newMerchant();
    const live = await newMerchant();
    const oldHash = sha256(old.refreshToken);
    const family = (
      await db()
        .selectFrom("refresh_tokens")
        .select("family_id")
        .where("token_hash", "=", oldHash)
        .executeTakeFirstOrThrow()
    ).family_id;
    await db()
      .updateTable("refresh_tokens")
      .set({ issued_at: Date.now() - 15 * DAY, expires_at: Date.now() - 8 * DAY })
      .where("family_id", "=", family)
      .execute();
    await db()
      .updateTable("token_families")
      .set({ created_at: Date.now() - 15 * DAY })
      .where("id", "=", family)
      .execute();
    await sweepExpiredRecords();
    expect(await db().selectFrom("refresh_tokens").select("id").where("family_id", "=", family).execute()).toEqual([]);
    expect(await db().selectFrom("token_families").select("id").where("id", "=", family).execute()).toEqual([]);
    expect((await callApi("GET", "/v2/channels", { token: live.accessToken })).status).toBe(200);
    expect(
      (await callApi("POST", "/v2/token-regeneration", { body: { refresh_token: live.refreshToken } })).status,
    ).toBe(200);
  });

  it("forgets the sealed pair of a rotation once the grace window is over", async () => {
    const m = await newMerchant();
    await callApi("POST", "/v2/token-regeneration", { body: { refresh_token: m.refreshToken } });
    await db()
      .updateTable("refresh_tokens")
      .set({ rotated_at: Date.now() - HOUR })
      .where("token_hash", "=", sha256(m.refreshToken))
      .execute();
    await sweepExpiredRecords();
    const row = await db()
      .selectFrom("refresh_tokens")
      .select("successor_sealed")
      .where("token_hash", "=", sha256(m.refreshToken))
      .executeTakeFirstOrThrow();
    expect(row.successor_sealed).toBeNull();
  });

  it("runs on the job queue: scheduling is deduplicated across processes and each run books the next slot", async () => {
    const now = Date.UTC(2031, 0, 1, 12, 0, 0);
    await scheduleRetention(now);
    await scheduleRetention(now + 1000);
    const slot = Math.floor(now / HOUR);
    const booked = await db()
      .selectFrom("jobs")
      .select(["dedupe_key", "run_at"])
      .where("queue", "=", RETENTION_QUEUE)
      .where("dedupe_key", "like", `%:${slot}`)
      .execute();
    expect(booked).toHaveLength(1);
    await runRetentionJob({ slot: Math.floor(Date.now() / HOUR) + 100_000 });
    const next = await db()
      .selectFrom("jobs")
      .select("run_at")
      .where("queue", "=", RETENTION_QUEUE)
      .where("dedupe_key", "like", `%:${Math.floor(Date.now() / HOUR) + 100_001}`)
      .executeTakeFirst();
    expect(next?.run_at).toBe((Math.floor(Date.now() / HOUR) + 100_001) * HOUR);
  });
});
