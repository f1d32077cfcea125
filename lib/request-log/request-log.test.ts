import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { dialect, getDb } from "@/lib/db/client";
import { commitsExecuted } from "@/lib/db/statement-cache";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { sweepExpiredRecords } from "@/lib/retention/sweep";
import { callApi } from "@/lib/testing/api";
import { cardOption } from "@/lib/testing/billing";
import { paymentChannelKey } from "@/lib/testing/payments";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { quiet } from "@/lib/testing/quiet";
import { DAY } from "@/lib/time";
import { newId } from "@/lib/ids";
import { flushRequestLog, queueRequestLog } from "./buffer";
import { getRequestLogEntry } from "./get-request-log-entry";
import { listRequestLog } from "./list-request-log";
import { REDACTED, redactBody, TOO_DEEP } from "./redact";

const scope = (m: { merchant_id: string; store_id: string }) => ({
  merchantId: m.merchant_id,
  storeId: m.store_id,
  storeLimited: false,
});

afterEach(() => {
  delete process.env.REQUEST_LOG;
});

describe("API request log", () => {
  it("records method, path, status, latency, key, request id, idempotency key and redacted bodies", async () => {
    const m = inProcess(await newMerchant());
    const res = await m.api.post(
      "/v2/billing-keys",
      { channel_key: paymentChannelKey(m), payment_method_option: cardOption(SANDBOX_CARDS.VISA_OK) },
      { "idempotency-key": "issue-1", "x-request-id": "req-test-1" },
    );
    expect(res.status).toBe(200);
    await flushRequestLog();
    const { rows } = await listRequestLog({ ctx: scope(m), input: {} });
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      method: "POST",
      path: "/v2/billing-keys",
      status: 200,
      requestId: "req-test-1",
      idempotencyKey: "issue-1",
      key: { name: "default" },
    });
    expect(row.latencyMs).toBeGreaterThanOrEqual(0);
    const detail = (await getRequestLogEntry({ ctx: scope(m), input: { id: row.id } }))!;
    expect(detail.requestBody).not.toContain(SANDBOX_CARDS.VISA_OK);
    const sent = JSON.parse(detail.requestBody!);
    expect(sent.payment_method_option.card.card_credential).toEqual({
      card_number: REDACTED,
      expiry_month: "12",
      expiry_year: "2099",
      birth_or_business_registration_number: REDACTED,
      password_two_digits: REDACTED,
    });
    expect(JSON.parse(detail.responseBody!).billing_key).toBe(res.body.billing_key);
  });

  it("writes its batch without a durable commit of its own, and leaves SQLite's commits durable", async () => {
    const m = inProcess(await newMerchant());
    expect((await m.api.get("/v2/payments?limit=1")).status).toBe(200);
    await quiet();
    const before = commitsExecuted();
    await flushRequestLog();
    // SQLite: the batch's fsync held the event loop of every request (better-sqlite3 is synchronous).
    if (dialect() === "sqlite") expect(commitsExecuted() - before).toBe(0);
    const { rows } = await listRequestLog({ ctx: scope(m), input: {} });
    expect(rows).toHaveLength(1);
    if (dialect() === "sqlite") {
      const level = await sql<{ synchronous: number }>`pragma synchronous`.execute(getDb());
      expect(level.rows[0]!.synchronous).toBe(2); // FULL, for every other write
    }
  });

  it("a flush writes what was queued when it began; what arrives meanwhile waits for the next batch", async () => {
    const m = await newMerchant();
    await flushRequestLog();
    const marker = newId("req_batch_");
    const entry = (n: number) => ({
      id: newId("rql_"),
      merchant_id: m.merchant_id,
      store_id: m.store_id,
      api_key_id: null,
      method: "GET",
      path: `/v2/payments/p-${n}`,
      payment_id: `p-${n}`,
      status: 200,
      latency_ms: 1,
      request_id: marker,
      idempotency_key: null,
      request_body: null,
      response_body: "{}",
      created_at: Date.now(),
    });
    const written = async () =>
      Number(
        (
          await getDb()
            .selectFrom("api_request_log")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("request_id", "=", marker)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const n of [1, 2, 3]) queueRequestLog(entry(n));
    const flushing = flushRequestLog();
    // Arriving while the batch is written: under load the old drain loop wrote a batch of a few
    // rows per round trip, never reaching the batch size again.
    for (const n of [4, 5]) queueRequestLog(entry(n));
    await flushing;
    expect(await written()).toBe(3);
    await flushRequestLog();
    expect(await written()).toBe(5);
  });

  it("keeps its bodies lz4-compressed on PostgreSQL, not pglz", async () => {
    if (dialect() !== "postgres") return; // SQLite stores text as it is
    const lz4 = await sql<{ on: boolean }>`
      select 'lz4' = any(enumvals) as on from pg_settings where name = 'default_toast_compression'
    `.execute(getDb());
    if (!lz4.rows[0]?.on) return; // a server built without lz4 keeps pglz
    const columns = await sql<{ attname: string; attcompression: string }>`
      select attname, attcompression from pg_attribute
      where attrelid = 'api_request_log'::regclass and attname in ('request_body', 'response_body') order by attname
    `.execute(getDb());
    expect(columns.rows).toEqual([
      { attname: "request_body", attcompression: "l" },
      { attname: "response_body", attcompression: "l" },
    ]);
  });

  it("links a payment's requests, filters by status class, path and key, and is strictly per merchant", async () => {
    const m = inProcess(await newMerchant());
    const other = inProcess(await newMerchant());
    await m.api.get("/v2/payments/order-77");
    await m.api.get("/v2/payments?page.size=1");
    await other.api.get("/v2/payments/order-77");
    await flushRequestLog();
    const forPayment = await listRequestLog({ ctx: scope(m), input: { payment: "order-77" } });
    expect(forPayment.rows.map((r) => [r.path, r.status])).toEqual([["/v2/payments/order-77", 404]]);
    expect((await listRequestLog({ ctx: scope(m), input: { status_class: 2 } })).rows.map((r) => r.path)).toEqual([
      "/v2/payments?page.size=1",
    ]);
    expect((await listRequestLog({ ctx: scope(m), input: { path: "/v2/payments/" } })).rows).toHaveLength(1);
    expect((await listRequestLog({ ctx: scope(m), input: { path: "%" } })).rows).toHaveLength(0);
    const keyId = forPayment.rows[0]!.key!.id;
    expect((await listRequestLog({ ctx: scope(m), input: { key: keyId } })).rows).toHaveLength(2);
    expect(await getRequestLogEntry({ ctx: scope(other), input: { id: forPayment.rows[0]!.id } })).toBeNull();
  });

  it("skips callers it cannot attribute (bad credentials) and everything when REQUEST_LOG=false", async () => {
    const m = inProcess(await newMerchant());
    await callApi("GET", "/v2/payments", { headers: { authorization: "PortOne sk_nope" }, inProcess: true });
    process.env.REQUEST_LOG = "false";
    await m.api.get("/v2/payments");
    await flushRequestLog();
    expect((await listRequestLog({ ctx: scope(m), input: {} })).rows).toEqual([]);
  });

  it("hostile NUL characters (path and body) are logged, and never block the rows queued with them (PostgreSQL text refuses NUL)", async () => {
    const m = inProcess(await newMerchant());
    expect(
      (
        await callApi("POST", "/v2/billing-keys", {
          rawBody: '{"channel_key":"\\u0000x"}',
          token: m.accessToken,
          inProcess: true,
        })
      ).status,
    ).toBe(400);
    expect(
      (await callApi("GET", "/v2/payments/nul%00id", { token: m.accessToken, inProcess: true })).status,
    ).toBeGreaterThanOrEqual(400);
    expect((await m.api.get("/v2/channels")).status).toBe(200);
    await flushRequestLog();
    const { rows } = await listRequestLog({ ctx: scope(m), input: {} });
    expect(rows.map((r) => r.path).sort()).toEqual(
      ["/v2/billing-keys", "/v2/channels", expect.stringContaining("/v2/payments/nul")].sort(),
    );
  });

  it("a body nested 10,000 levels deep (refused 400) is logged with a marker, and the flush does not overflow", async () => {
    const m = inProcess(await newMerchant());
    const raw = `{"channel_key":"x","bypass":${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
    const res = await callApi("POST", "/v2/billing-keys", { rawBody: raw, token: m.accessToken, inProcess: true });
    expect(res.status).toBe(400);
    await flushRequestLog();
    const [row] = (await listRequestLog({ ctx: scope(m), input: {} })).rows;
    const detail = (await getRequestLogEntry({ ctx: scope(m), input: { id: row!.id } }))!;
    expect(detail.status).toBe(400);
    expect(detail.requestBody).toContain(TOO_DEEP);
  });

  it("keeps entries 30 days by default (retention sweep)", async () => {
    const m = inProcess(await newMerchant());
    await m.api.get("/v2/payments");
    await flushRequestLog();
    const [row] = (await listRequestLog({ ctx: scope(m), input: {} })).rows;
    await getDb()
      .updateTable("api_request_log")
      .set({ created_at: Date.now() - 31 * DAY })
      .where("id", "=", row!.id)
      .execute();
    await m.api.get("/v2/payments");
    await flushRequestLog();
    await sweepExpiredRecords();
    expect((await listRequestLog({ ctx: scope(m), input: {} })).rows).toHaveLength(1);
  });
});

describe("what a read-only role sees in the request log", () => {
  const apiKey = `sk_${"Q7w-E9r_T1y".repeat(4)}`;
  const tossKey = "live_sk_zXLkKEypNArWmo50nX3lmeax";

  // /dashboard/logs shows every role (a VIEWER too) the entries as stored: what they hold is what it sees.
  async function loggedEntry(m: Awaited<ReturnType<typeof newMerchant>>) {
    await flushRequestLog();
    const { rows } = await listRequestLog({ ctx: scope(m), input: {} });
    expect(rows).toHaveLength(1);
    const detail = (await getRequestLogEntry({ ctx: scope(m), input: { id: rows[0]!.id } }))!;
    return { row: rows[0]!, text: JSON.stringify(detail) };
  }

  it("a request body that is a JSON string is redacted, not kept verbatim", async () => {
    const m = inProcess(await newMerchant());
    await callApi("POST", "/v2/billing-keys", {
      rawBody: JSON.stringify(apiKey),
      token: m.accessToken,
      inProcess: true,
    });
    const { text } = await loggedEntry(m);
    expect(text).not.toContain(apiKey);
    expect(text).toContain("sk_[redacted]");
  });

  it("the query string is redacted: keys, secret-named parameters and grouped card numbers", async () => {
    const m = inProcess(await newMerchant());
    const query = `api_key=${apiKey}&Password=hunter2hunter2&q=${encodeURIComponent("5555 5555 5555 4444")}&k=${tossKey}`;
    await callApi("GET", `/v2/payments?${query}`, { token: m.accessToken, inProcess: true });
    const { row, text } = await loggedEntry(m);
    for (const secret of [apiKey, "hunter2hunter2", "5555%205555%205555%204444", tossKey])
      expect(text, secret).not.toContain(secret);
    expect(row.path).toContain("api_key=********");
  });

  it("grouped card numbers, secret members by pattern and any case, and secret prefixes are redacted in a body", async () => {
    const m = inProcess(await newMerchant());
    const body = {
      channel_key: "not-a-secret",
      passwd: "p4ssw0rd-plain",
      Password: "P4ssw0rd-Upper",
      secret_key: "secret-key-plain",
      client_key: "client-key-plain",
      mert_key: "mert-key-plain",
      note: `cards 5555 5555 5555 4444 and 4111-1111-1111-1111, key ${tossKey}, auth Bearer ${apiKey}`,
    };
    await callApi("POST", "/v2/billing-keys", { body, token: m.accessToken, inProcess: true });
    const { text } = await loggedEntry(m);
    for (const secret of [
      "p4ssw0rd-plain",
      "P4ssw0rd-Upper",
      "secret-key-plain",
      "client-key-plain",
      "mert-key-plain",
      "5555 5555 5555 4444",
      "4111-1111-1111-1111",
      tossKey,
      apiKey,
    ])
      expect(text, secret).not.toContain(secret);
    expect(text).toContain("not-a-secret");
  });
});

describe("redactBody", () => {
  it("masks card numbers anywhere, secrets by member, resident numbers and tokens", () => {
    const out = redactBody(
      JSON.stringify({
        note: `card ${SANDBOX_CARDS.VISA_OK} and RRN 900101-1234567`,
        cvc: "123",
        otp: "654321",
        identityNumber: "9001011234567",
        accessToken: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
        nested: [{ password_two_digits: "12" }],
        amount: 1000,
      }),
    )!;
    expect(out).not.toContain(SANDBOX_CARDS.VISA_OK);
    expect(out).not.toMatch(/123|654321|9001011234567|900101-1234567|eyJ/);
    expect(JSON.parse(out)).toMatchObject({
      cvc: REDACTED,
      otp: REDACTED,
      nested: [{ password_two_digits: REDACTED }],
      amount: 1000,
    });
    expect(redactBody(`not json ${SANDBOX_CARDS.VISA_OK}`)).not.toContain(SANDBOX_CARDS.VISA_OK);
    expect(redactBody("")).toBeNull();
  });

  it("a secret member is never kept, whatever its shape: objects and arrays under it are not walked, even at the depth cut", () => {
    const wrapped = JSON.parse(
      redactBody(JSON.stringify({ otp: { code: "654321" }, cvc: ["123"], card_number: { n: "x" } }))!,
    );
    expect(wrapped).toEqual({ otp: REDACTED, cvc: REDACTED, card_number: REDACTED });
    // An "otp" member whose object value sits exactly at the depth cut: redacted, not left as the marker.
    let deep: unknown = { otp: { code: "654321" } };
    for (let i = 0; i < 39; i++) deep = { d: deep };
    const out = redactBody(JSON.stringify(deep))!;
    expect(out).not.toContain("654321");
    expect(out).not.toMatch(/"otp":"\[nested too deep/);
    // Too large to redact member by member: not kept at all.
    expect(redactBody(JSON.stringify({ cvc: "123", pad: "x".repeat(70_000) }))).toBe("[70022 characters, not kept]");
  });
});
