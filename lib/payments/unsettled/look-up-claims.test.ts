import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { holdSlowFaults } from "@/lib/providers/sandbox/hold";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";
import { claimDue, makeDueNow, rescheduleLookup } from "./repository/look-ups";
import { lookUpNow } from "./sweep";

process.env.PROVIDER_TIMEOUT_MS = "400";
let releaseProvider: (() => Promise<void>) | undefined;
afterEach(async () => {
  await releaseProvider?.();
  releaseProvider = undefined;
});

const lookupState = (id: string) =>
  getDb()
    .selectFrom("transactions")
    .select(["status", "lookup_due_at", "lookup_attempts", "lookup_claimed_until"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

/** A card attempt whose outcome is unknown: the provider keeps processing it until released. */
async function pendingAttempt(): Promise<string> {
  const m = await newMerchant();
  const id = newPaymentId();
  releaseProvider = holdSlowFaults();
  const res = await m.api.post(
    `/v2/payments/${id}/instant/pay`,
    cardPayBody(m, SANDBOX_CARDS.VISA_OK, { order_name: "Slow order [sandbox:timeout]" }),
  );
  expect(res.status).toBe(500);
  const read = await m.api.get(`/v2/payments/${id}`);
  const primary = read.body.payment.transactions.find((t: { is_primary: boolean }) => t.is_primary);
  expect(primary.status).toBe("PENDING");
  return primary.id as string;
}

describe("a look-up now and a sweeper's claim", () => {
  it("does not override a claim under way: it waits for that look-up instead of asking the provider again", async () => {
    const txId = await pendingAttempt();
    // Another sweeper claims the record and is asking the provider.
    await makeDueNow("transactions", txId);
    const [claimed] = await claimDue("transactions", 1, txId);
    expect(claimed).toBeDefined();
    const held = await lookupState(txId);
    expect(held.lookup_claimed_until).toBe(held.lookup_due_at);

    // The dashboard's (or a retried request's) look-up now: it claims nothing, so it asks nothing.
    expect(await lookUpNow("transactions", txId)).toBe(false);
    const after = await lookupState(txId);
    expect(after).toMatchObject({ status: "PENDING", lookup_attempts: held.lookup_attempts });
    expect(after.lookup_due_at).toBe(held.lookup_due_at);

    // The sweeper's look-up ends (still unknown): its claim ends with it, and a look-up now runs at once.
    await rescheduleLookup("transactions", claimed!, "still in progress");
    expect((await lookupState(txId)).lookup_claimed_until).toBeNull();
    expect(await lookUpNow("transactions", txId)).toBe(true);
    expect((await lookupState(txId)).lookup_attempts).toBe(held.lookup_attempts + 2);
  });

  it("takes over a claim whose sweeper died once its lease has run out", async () => {
    const txId = await pendingAttempt();
    await makeDueNow("transactions", txId);
    const [claimed] = await claimDue("transactions", 1, txId);
    expect(claimed).toBeDefined();
    // The sweeper died mid-look-up; its lease is over.
    await getDb()
      .updateTable("transactions")
      .set({ lookup_due_at: Date.now() - 1, lookup_claimed_until: Date.now() - 1 })
      .where("id", "=", txId)
      .execute();
    expect(await lookUpNow("transactions", txId)).toBe(true);
    expect((await lookupState(txId)).lookup_attempts).toBe(claimed!.lookup_attempts + 1);
  });
});
