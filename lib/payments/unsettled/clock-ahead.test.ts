import { afterEach, describe, expect, it, vi } from "vitest";
import { runIdempotent } from "@/lib/api/idempotency";
import { findStoreChannel } from "@/lib/channels/repository";
import { getDb } from "@/lib/db/client";
import { reserveKey } from "@/lib/idempotency/repository";
import { newId } from "@/lib/ids";
import { futureTimesTask } from "@/lib/jobs/future-times";
import { enqueue } from "@/lib/jobs/queue";
import { claimJob } from "@/lib/jobs/repository/queue";
import { startAttempt } from "@/lib/payments/pay/start-attempt";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { sandboxPaymentProvider } from "@/lib/providers/sandbox/payment-provider";
import { listUnsettled } from "@/lib/reconciliation/unsettled";
import { bumpCounter } from "@/lib/throttle/repository";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardCredential, newPaymentId, paymentChannelKey } from "@/lib/testing/payments";
import { HOUR } from "@/lib/time";
import { claimDue } from "./repository/look-ups";
import { lookUpNow, sweepUnsettled } from "./sweep";

/**
 * Due times and leases are wall-clock values. A server running an hour ahead
 * books them an hour late; once it restarts on the right clock nothing may wait for that hour: a
 * due time or lease further ahead than its longest span is due now, and reconciliation flags
 * records whose times lie in the future. The clock is faked (Date only; timers run).
 */
process.env.PROVIDER_TIMEOUT_MS = "1000";
process.env.IDEMPOTENCY_LEASE_MS = "20000";

afterEach(() => {
  vi.useRealTimers();
});

/** Runs `work` on a clock an hour ahead, then puts the clock right. */
async function anHourAhead<T>(work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + HOUR);
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

async function attemptOf(m: Awaited<ReturnType<typeof newMerchant>>) {
  const channel = (await findStoreChannel(m.merchant_id, m.store_id, paymentChannelKey(m)))!;
  const attempt = await startAttempt({
    merchantId: m.merchant_id,
    storeId: m.store_id,
    paymentId: newPaymentId(),
    channel,
    method: "CARD",
    orderName: "o",
    currency: "KRW",
    totalAmount: 2500,
    taxFreeAmount: 0,
    customer: {},
    origin: { platform_type: "API", ip_address: "127.0.0.1" },
  });
  return { attempt, channel };
}

const statusOf = async (id: string) =>
  (await getDb().selectFrom("transactions").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describe("a clock that ran an hour ahead", () => {
  it("attempts it left in flight are flagged by reconciliation, made due at the worker's start and settled by the sweep", async () => {
    const m = await newMerchant();
    const { attempt, channel } = await anHourAhead(() => attemptOf(m));
    // The request reached the provider before the process died.
    await sandboxPaymentProvider.approveCard({
      channel,
      txId: attempt.id,
      amount: 2500,
      taxFreeAmount: 0,
      currency: "KRW",
      orderName: "o",
      card: cardCredential(SANDBOX_CARDS.VISA_OK),
    });

    const [listed] = (await listUnsettled({ merchantId: m.merchant_id })).filter((u) => u.id === attempt.id);
    expect(listed).toMatchObject({ needs_attention: true, clock_ahead: true });

    await futureTimesTask.run("test-worker", new AbortController().signal);
    const row = await getDb()
      .selectFrom("transactions")
      .select(["lookup_due_at"])
      .where("id", "=", attempt.id)
      .executeTakeFirstOrThrow();
    expect(row.lookup_due_at).toBeLessThanOrEqual(Date.now());
    await sweepUnsettled(1_000);
    expect(await statusOf(attempt.id)).toBe("PAID");
  });

  it("a look-up of an attempt whose call deadline lies an hour ahead treats the call as over: no record settles FAILED", async () => {
    const m = await newMerchant();
    const { attempt } = await anHourAhead(() => attemptOf(m));
    expect(await lookUpNow("transactions", attempt.id)).toBe(true);
    expect(await statusOf(attempt.id)).toBe("FAILED");
  });

  it("a look-up claim made an hour ahead does not hold off a look-up now", async () => {
    const m = await newMerchant();
    const { attempt } = await anHourAhead(async () => {
      const made = await attemptOf(m);
      await getDb()
        .updateTable("transactions")
        .set({ lookup_due_at: Date.now() })
        .where("id", "=", made.attempt.id)
        .execute();
      expect(await claimDue("transactions", 1, made.attempt.id)).toHaveLength(1);
      return made;
    });
    expect(await lookUpNow("transactions", attempt.id)).toBe(true);
    expect(await statusOf(attempt.id)).toBe("FAILED");
  });

  it("an Idempotency-Key leased an hour ahead by a dead request is taken over by the retry, not answered 409", async () => {
    const m = await newMerchant();
    const scope = { merchantId: m.merchant_id, storeScope: "*", key: newId("key-") };
    // The dead request took the key on the fast clock: RUNNING, leased an hour and 20 s ahead.
    await anHourAhead(() =>
      reserveKey(scope, {
        requestHash: "hash",
        owner: "req_dead",
        lockedUntil: Date.now() + 20_000,
        now: Date.now(),
        forgetBefore: 0,
      }),
    );
    const retry = await runIdempotent(scope, "hash", async () => ({ status: 200, body: "{}" }));
    expect(retry).toMatchObject({ status: 200, replayed: false });
  });

  it("a job leased an hour ahead is handed back at the worker's start, so another worker takes it over", async () => {
    const queue = `clock-ahead-${newId().slice(-6)}`;
    const jobId = await enqueue(getDb(), { queue, payload: {} });
    await anHourAhead(() => claimJob(jobId, "dead-worker", 60_000));
    await futureTimesTask.run("test-worker", new AbortController().signal);
    const job = await getDb().selectFrom("jobs").selectAll().where("id", "=", jobId).executeTakeFirstOrThrow();
    expect(job.state).toBe("RUNNING");
    expect(job.locked_until).toBeLessThanOrEqual(Date.now());
    await getDb().deleteFrom("jobs").where("id", "=", jobId).execute();
  });

  it("a throttle window opened an hour ahead starts over instead of blocking for that hour", async () => {
    const bucket = `clock-ahead:${newId()}`;
    await anHourAhead(async () => {
      for (let i = 0; i < 3; i++) await bumpCounter(bucket, 15 * 60_000, Date.now());
    });
    const now = Date.now();
    expect(await bumpCounter(bucket, 15 * 60_000, now)).toEqual({ hits: 1, windowStart: now });
  });
});
