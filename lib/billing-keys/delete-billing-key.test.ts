import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { createSchedule } from "@/lib/schedules/create-schedule";
import { markStarted } from "@/lib/schedules/run";
import { contextOf, issueKey } from "@/lib/testing/billing";
import { newMerchant } from "@/lib/testing/fixtures";
import { DAY } from "@/lib/time";
import { deleteBillingKey } from "./delete-billing-key";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

async function book(m: Merchant, key: string, paymentId: string): Promise<string> {
  const res = await createSchedule({
    ctx: contextOf(m),
    input: {
      billing_key: key,
      payment_id: paymentId,
      order_name: "Monthly plan",
      total_amount: 9900,
      currency: "KRW",
      scheduled_at: Date.now() + DAY,
    },
  });
  return res.id;
}

const statusOf = async (table: "schedules" | "billing_keys", id: string) =>
  (await getDb().selectFrom(table).select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

// The dashboard's "delete the key and cancel its schedules" is one verb and one transaction.
describe("deleting a billing key with its schedules", () => {
  it("cancels the booked schedules and deletes the key together", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const ids = [await book(m, key, "del-a"), await book(m, key, "del-b")];
    const res = await deleteBillingKey({ ctx: contextOf(m), input: { billing_key: key, cancel_schedules: true } });
    expect(res.deleted_at).toEqual(expect.any(String));
    expect(await statusOf("billing_keys", key)).toBe("DELETED");
    for (const id of ids) expect(await statusOf("schedules", id)).toBe("CANCELLED");
  });

  it("a schedule already running refuses the deletion, and nothing is cancelled", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const waiting = await book(m, key, "del-waiting");
    const running = await book(m, key, "del-running");
    expect(await markStarted({ id: running, status: "SCHEDULED" })).toBe(true);
    const refused = await deleteBillingKey({
      ctx: contextOf(m),
      input: { billing_key: key, cancel_schedules: true },
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe("BOOKED_SCHEDULE_EXISTENCE");
    expect((refused as DomainError).params).toEqual({ schedule_ids: [running] });
    expect(await statusOf("billing_keys", key)).toBe("ISSUED");
    expect(await statusOf("schedules", waiting)).toBe("SCHEDULED");
  });

  it("without cancel_schedules, booked schedules still refuse the deletion (the API's rule)", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const id = await book(m, key, "del-api");
    const refused = await deleteBillingKey({ ctx: contextOf(m), input: { billing_key: key } }).catch((e: unknown) => e);
    expect((refused as DomainError).code).toBe("BOOKED_SCHEDULE_EXISTENCE");
    expect(await statusOf("schedules", id)).toBe("SCHEDULED");
  });
});
