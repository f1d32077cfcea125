import { getDb, withTransaction } from "@/lib/db/client";
import { applyToDays } from "@/lib/settlements/repository/days";
import { koreaDayStart } from "@/lib/settlements/business-days";
import { upsertChannelTerms } from "@/lib/settlements/repository/contracts";
import type { ContractTerms } from "@/lib/settlements/schema";
import type { newMerchant } from "./fixtures";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

/** D+1 business day, card 2.5%, virtual account ₩300 flat, VAT 10%. */
export const CARD_TERMS: ContractTerms = {
  payout_days: 1,
  vat_bps: 1000,
  fees: {
    CARD: { kind: "RATE", rate_bps: 250 },
    VIRTUAL_ACCOUNT: { kind: "FLAT", amount: 300 },
    TRANSFER: { kind: "RATE", rate_bps: 180 },
    EASY_PAY: { kind: "RATE", rate_bps: 300 },
  },
};

/** Records contract terms on the merchant's TEST Toss channel; answers its channel key. */
export async function setTossTerms(m: Merchant, terms: ContractTerms = CARD_TERMS): Promise<string> {
  const channel = await getDb()
    .selectFrom("channels")
    .select(["id", "key"])
    .where("store_id", "=", m.store_id)
    .where("pg_provider", "=", "TOSSPAYMENTS")
    .where("type", "=", "TEST")
    .executeTakeFirstOrThrow();
  await upsertChannelTerms({
    channelId: channel.id,
    merchantId: m.merchant_id,
    storeId: m.store_id,
    terms,
    updatedBy: null,
  });
  return channel.key;
}

/**
 * Rewriting history invalidates what was derived from it: a derivation run of a concurrent test
 * may already have settled the payment at its real time (deleted after the rewrite, so a run in
 * between derives from the new dates).
 */
async function forgetSettlements(paymentId: string, storeId: string): Promise<void> {
  await withTransaction(async (tx) => {
    const gone = await tx
      .deleteFrom("settlements")
      .where("store_id", "=", storeId)
      .where("payment_id", "=", paymentId)
      .returningAll()
      .execute();
    await applyToDays(tx, gone, -1);
  });
}

/** Moves a payment's approval to noon (Korea time) of a date, as if it had been paid then. */
export async function backdatePayment(paymentId: string, storeId: string, date: string): Promise<void> {
  await getDb()
    .updateTable("transactions")
    .set({ paid_at: koreaDayStart(date) + 12 * 3_600_000 })
    .where("payment_id", "=", paymentId)
    .where("store_id", "=", storeId)
    .execute();
  await forgetSettlements(paymentId, storeId);
}

/** Moves a payment's refunds to 3 p.m. (Korea time) of a date. */
export async function backdateRefunds(paymentId: string, storeId: string, date: string): Promise<void> {
  await getDb()
    .updateTable("cancellations")
    .set({ cancelled_at: koreaDayStart(date) + 15 * 3_600_000 })
    .where("payment_id", "=", paymentId)
    .where("store_id", "=", storeId)
    .where("status", "=", "SUCCEEDED")
    .execute();
  await forgetSettlements(paymentId, storeId);
}
