import { expect } from "vitest";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { drainOnce } from "@/lib/jobs/worker";
import { SCHEDULE_RUN_QUEUE } from "@/lib/schedules/queue";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import type { newMerchant } from "./fixtures";
import { cardCredential, paymentChannelKey } from "./payments";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

/** A card_credential form for a sandbox card (CONTRACT §10). */
export function cardOption(cardNumber: string = SANDBOX_CARDS.VISA_OK) {
  return { card: { card_credential: cardCredential(cardNumber) } };
}

/** Issues a billing key over the API and returns it. */
export async function issueKey(m: Merchant, cardNumber?: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await m.api.post("/v2/billing-keys", {
    channel_key: paymentChannelKey(m),
    payment_method_option: cardOption(cardNumber),
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.billing_key as string;
}

export function payBody(billingKey: string, extra: Record<string, unknown> = {}) {
  return { billing_key: billingKey, order_name: "Monthly plan", total_amount: 9900, currency: "KRW", ...extra };
}

/** The merchant acting as a merchant-wide API caller, for calling service verbs directly. */
export function contextOf(m: Pick<Merchant, "merchant_id" | "store_id">): AuthContext {
  return {
    merchantId: m.merchant_id,
    storeId: m.store_id,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "API", ip_address: "127.0.0.1" },
  };
}

/** Lets time pass for these schedules: due now, as are their jobs. */
export async function makeDue(scheduleIds: string[]): Promise<void> {
  const now = Date.now() - 1;
  for (let i = 0; i < scheduleIds.length; i += 200) {
    const ids = scheduleIds.slice(i, i + 200);
    await getDb().updateTable("schedules").set({ scheduled_at: now }).where("id", "in", ids).execute();
    await getDb()
      .updateTable("jobs")
      .set({ run_at: now })
      .where(
        "dedupe_key",
        "in",
        ids.map((id) => `schedule:${id}`),
      )
      .execute();
  }
}

/** Runs the schedule queue until these schedules are COMPLETED or CANCELLED (other test files may hold some jobs). */
export async function runUntilSettled(scheduleIds: string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await drainOnce(`test-${process.pid}`, [SCHEDULE_RUN_QUEUE]);
    let open = 0;
    for (let i = 0; i < scheduleIds.length; i += 500) {
      const row = await getDb()
        .selectFrom("schedules")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("id", "in", scheduleIds.slice(i, i + 500))
        .where("status", "in", ["SCHEDULED", "STARTED"])
        .executeTakeFirstOrThrow();
      open += Number(row.n);
    }
    if (open === 0) return;
    if (Date.now() > deadline) throw new Error(`${open} schedules still open`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
