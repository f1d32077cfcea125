import { randomUUID } from "node:crypto";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { cardCredential } from "../payments";
import type { ChaosClient, Outcome } from "./client";

/**
 * The steady stream of merchant traffic the chaos test runs while processes die: key-in
 * payments, billing-key payments, schedules due within seconds and concurrent partial cancels of
 * paid payments. Records what each client call finally saw.
 */
export type PaymentKind = "key-in" | "billing-key" | "schedule";
export type PaymentRecord = {
  paymentId: string;
  kind: PaymentKind;
  amount: number;
  path: string;
  body: unknown;
  key?: string;
  outcome?: Outcome;
};
export type CancelRecord = { paymentId: string; amount: number; key: string; outcome: Outcome };

export type LoadLog = { payments: PaymentRecord[]; cancels: CancelRecord[]; requests: number };

export type LoadContext = {
  client: ChaosClient;
  channelKey: string;
  /** Where key-in payments go when not `channelKey` (a channel group's key). */
  keyInKey?: string;
  billingKeys: string[];
  until: number;
  /** Past `until` the load goes on while this says too little was answered, up to `lastUntil`. */
  moreNeeded?: (log: LoadLog) => boolean;
  lastUntil?: number;
  retryFor: number;
  log: LoadLog;
};

const card = (number: string) => ({ card: { card_credential: cardCredential(number) } });
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
const amountOf = () => 1_000 * (5 + Math.floor(Math.random() * 45));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function paid(outcome: Outcome | undefined): boolean {
  return outcome?.final === true && outcome.answer.status === 200;
}

async function keyInPayment(ctx: LoadContext): Promise<void> {
  const paymentId = `chaos-k-${randomUUID()}`;
  const amount = amountOf();
  // One in ten uses a card the sandbox declines: declines must settle FAILED, never retried into a charge.
  const number = Math.random() < 0.1 ? SANDBOX_CARDS.DECLINED : SANDBOX_CARDS.VISA_OK;
  const record: PaymentRecord = {
    paymentId,
    kind: "key-in",
    amount,
    path: `/v2/payments/${paymentId}/instant/pay`,
    body: {
      channel_key: ctx.keyInKey ?? ctx.channelKey,
      order_name: "Chaos key-in",
      total_amount: amount,
      currency: "KRW",
      payment_method_option: card(number),
    },
  };
  ctx.log.payments.push(record);
  const outcome = await ctx.client.write(record.path, record.body, Date.now() + ctx.retryFor);
  record.outcome = outcome;
  record.key = outcome.key;
  ctx.log.requests += outcome.tries;
}

async function billingKeyPayment(ctx: LoadContext): Promise<void> {
  const paymentId = `chaos-b-${randomUUID()}`;
  const amount = amountOf();
  const record: PaymentRecord = {
    paymentId,
    kind: "billing-key",
    amount,
    path: `/v2/payments/${paymentId}/billing-key/pay`,
    body: { billing_key: pick(ctx.billingKeys), order_name: "Chaos plan", total_amount: amount, currency: "KRW" },
  };
  ctx.log.payments.push(record);
  const outcome = await ctx.client.write(record.path, record.body, Date.now() + ctx.retryFor);
  record.outcome = outcome;
  record.key = outcome.key;
  ctx.log.requests += outcome.tries;
}

async function scheduledPayment(ctx: LoadContext): Promise<void> {
  const paymentId = `chaos-s-${randomUUID()}`;
  const amount = amountOf();
  const at = new Date(Date.now() + 1_000 + Math.random() * 3_000).toISOString();
  const body = {
    billing_key: pick(ctx.billingKeys),
    payment_id: paymentId,
    order_name: "Chaos schedule",
    total_amount: amount,
    currency: "KRW",
    scheduled_at: at,
  };
  const outcome = await ctx.client.write("/v2/schedules", body, Date.now() + ctx.retryFor);
  ctx.log.requests += outcome.tries;
  // Booked or not (an unanswered booking may still have been booked): the database says which.
  ctx.log.payments.push({
    paymentId,
    kind: "schedule",
    amount,
    path: "/v2/schedules",
    body,
    key: outcome.key,
    outcome,
  });
}

/** Two or three partial cancels of one paid payment at once, together asking for more than is left at times. */
async function concurrentCancels(ctx: LoadContext): Promise<void> {
  const candidates = ctx.log.payments.filter((p) => p.kind !== "schedule" && paid(p.outcome));
  if (candidates.length === 0) {
    await sleep(300);
    return;
  }
  const target = pick(candidates);
  const parts = 2 + Math.floor(Math.random() * 2);
  await Promise.all(
    Array.from({ length: parts }, async () => {
      const amount = 1_000 * (1 + Math.floor(Math.random() * Math.max(1, target.amount / 1_000 / 2)));
      const outcome = await ctx.client.write(
        `/v2/payments/${target.paymentId}/cancel`,
        { cancel_amount: amount, reason: "chaos partial" },
        Date.now() + ctx.retryFor,
      );
      ctx.log.requests += outcome.tries;
      ctx.log.cancels.push({ paymentId: target.paymentId, amount, key: outcome.key, outcome });
    }),
  );
}

const STREAMS: Record<string, (ctx: LoadContext) => Promise<void>> = {
  keyIn: keyInPayment,
  billingKey: billingKeyPayment,
  schedule: scheduledPayment,
  cancel: concurrentCancels,
};

export type Stream = keyof typeof STREAMS;

function keepGoing(ctx: LoadContext): boolean {
  const now = Date.now();
  return now < ctx.until || (now < (ctx.lastUntil ?? 0) && (ctx.moreNeeded?.(ctx.log) ?? false));
}

/** Runs `concurrency` loops of each stream (or `loops[stream]`) until `ctx.until` (see `moreNeeded`). */
export async function runLoad(
  ctx: LoadContext,
  concurrency: number,
  loops: Partial<Record<Stream, number>> = {},
): Promise<void> {
  const running: Promise<void>[] = [];
  for (const [name, stream] of Object.entries(STREAMS)) {
    for (let i = 0; i < (loops[name as Stream] ?? concurrency); i++) {
      running.push(
        (async () => {
          while (keepGoing(ctx)) {
            await stream(ctx);
            await sleep(50 + Math.random() * 200);
          }
        })(),
      );
    }
  }
  await Promise.all(running);
}
